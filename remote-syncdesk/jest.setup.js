// Shared CI machines are slow at times: give user-driven tests and async queries more room than the defaults.
const { configure } = require('@testing-library/react');

configure({ asyncUtilTimeout: 5_000 });
