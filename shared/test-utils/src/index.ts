/** Test helpers shared by every frontend package: providers, request handlers and a signed-in user. */
import './toasts-ready';

export { renderWithProviders, type RenderOptions, type ProvidersResult } from './render';
export {
  mockApi,
  type ApiMock,
  type MockHandler,
  type MockReply,
  type MockRequest,
  type OlderServer,
} from './api-mock';
export { fakeToken, signIn } from './token';
export {
  serverShaped,
  feedMessage,
  syncAccountFixture,
  copyGroupFixture,
  paperLedgerFixture,
} from './fixtures';
export { screen, within, waitFor, act } from '@testing-library/react';
