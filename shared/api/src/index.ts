/**
 * The one typed API client of the product: every call of the spec's API table, the wire types, the messages
 * and the message helpers. The validation schemas (yup) are only at `@synctrade/api/validation`: this entry is
 * a singleton the host loads at start, and no start-up screen validates anything.
 */
export * from './types';
// Field messages (VALIDATION) go with the schemas: `@synctrade/api/validation`, or `@synctrade/api/messages`.
export * from './messages/fallbacks';
export * from './messages/successes';
export * from './messages/client-messages';
export * from './messages/connect-outcomes';
export * from './messages/desk-confirm-messages';
export { http, setHttpAdapter, setUnauthorizedHandler } from './client/http-client';
export { configureApi, apiConfig, type ApiConfig } from './client/runtime-config';
export { getToken, setToken, clearToken, currentUserId } from './client/token-storage';
export { latestSignal, isCanceled } from './client/latest-request';
export { errorMessage, successMessage, statusOf } from './client/messages';
export * from './calls/auth';
export * from './calls/brokers';
export * from './calls/copier';
export * from './calls/misc';
export * from './calls/propfirm';
export { authStore, type AuthState } from './auth-store';
