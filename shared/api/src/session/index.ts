/**
 * What the page holds once, whichever app imports it: the HTTP instance with its interceptors, the runtime
 * configuration, the stored token, the in-flight request per action and the `auth` store. This entry is a
 * federation singleton (`@synctrade/api/session`), loaded from the host; the rest of `@synctrade/api` (calls,
 * wire types, messages) is stateless and bundled by every app, so a remote can ship a new call without a host
 * release (docs/adr/0006). Code of this package outside `session/` reaches these modules only through the
 * package name, never a relative path: a relative import would bundle a second, separate copy.
 */
export { http, loadHttpClient, setHttpAdapter, setUnauthorizedHandler } from './http-client';
export { configureApi, apiConfig, type ApiConfig } from './runtime-config';
export { getToken, setToken, clearToken, currentUserId } from './token-storage';
export { latestSignal, isCanceled } from './latest-request';
export { authStore, type AuthState } from './auth-store';
