/**
 * The one typed API client of the product: every call of the spec's API table, the wire types, the messages
 * and the message helpers. Each app bundles this entry (it is stateless and grows with features); what holds
 * state is the `@synctrade/api/session` singleton it re-exports. The validation schemas (yup) are only at
 * `@synctrade/api/validation`, so a screen that validates nothing carries no yup.
 */
export * from './types';
// Field messages (VALIDATION) go with the schemas: `@synctrade/api/validation`, or `@synctrade/api/messages`.
export * from './messages/fallbacks';
export * from './messages/successes';
export * from './messages/client-messages';
export * from './messages/connect-outcomes';
export * from './messages/desk-confirm-messages';
export * from './messages/propfirm-labels';
export * from './messages/alert-messages';
// The stateful part comes from the page's one copy (a federation singleton), never from a bundled duplicate.
export {
  http,
  loadHttpClient,
  setHttpAdapter,
  setUnauthorizedHandler,
  configureApi,
  apiConfig,
  type ApiConfig,
  getToken,
  setToken,
  clearToken,
  currentUserId,
  latestSignal,
  isCanceled,
  authStore,
  type AuthState,
} from '@synctrade/api/session';
export { errorMessage, successMessage, statusOf } from './client/messages';
// One call file per server module, named like it (see README).
export * from './calls/auth';
export * from './calls/connections';
export * from './calls/copier';
export * from './calls/groups';
export * from './calls/copy-settings';
export * from './calls/market';
export * from './calls/notifications';
export * from './calls/paper';
export * from './calls/profile';
export * from './calls/propfirm';
export * from './calls/quality';
export * from './calls/alerts';
