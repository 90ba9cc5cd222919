/**
 * The one typed API client of the product: every call of the spec's API table, the wire types,
 * the validation schemas and messages shared with the server, and the message helpers.
 */
export * from './types';
export * from './messages';
export * from './validation';
export { http, setUnauthorizedHandler } from './client/http-client';
export { configureApi, apiConfig, type ApiConfig } from './client/runtime-config';
export { getToken, setToken, clearToken, currentUserId } from './client/token-storage';
export { latestSignal, isCanceled } from './client/latest-request';
export { errorMessage, successMessage, statusOf } from './client/messages';
export * from './calls/auth';
export * from './calls/brokers';
export * from './calls/copier';
export * from './calls/misc';
export { authStore, type AuthState } from './auth-store';
