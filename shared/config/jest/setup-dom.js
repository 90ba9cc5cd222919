/* global window, Element, beforeEach */
require('@testing-library/jest-dom');
const util = require('node:util');

// jsdom lacks these, and axios, the API client's token reading and react-router reach for them.
if (!globalThis.TextEncoder) globalThis.TextEncoder = util.TextEncoder;
if (!globalThis.TextDecoder) globalThis.TextDecoder = util.TextDecoder;
if (!window.matchMedia) {
  window.matchMedia = (query) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  });
}
if (!window.scrollTo) window.scrollTo = () => {};
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};

beforeEach(() => {
  window.localStorage.clear();
});
