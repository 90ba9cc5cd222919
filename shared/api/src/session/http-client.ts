import type { AxiosAdapter, AxiosInstance, AxiosRequestConfig, AxiosResponse, AxiosStatic } from 'axios';
import { bus } from '@synctrade/event-bus';
import { isHttpError } from '../client/http-errors';
import { apiConfig } from './runtime-config';
import { clearToken, getToken } from './token-storage';

type UnauthorizedHandler = () => void;

let onUnauthorized: UnauthorizedHandler = () => {
  window.location.assign('/login');
};

/** The host replaces the hard page load with a router navigation. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

let adapterOverride: AxiosAdapter | undefined;

/** Replaces the transport of every request (component tests answer requests in memory); undefined restores it. */
export function setHttpAdapter(adapter: AxiosAdapter | undefined): void {
  adapterOverride = adapter;
}

/** The one axios instance: no time-out (spec section 7), success is 200-299, bearer from storage. */
function createClient(axios: AxiosStatic): AxiosInstance {
  const client = axios.create({
    timeout: 0,
    validateStatus: (status) => status >= 200 && status < 300,
  });
  client.interceptors.request.use((request) => {
    request.baseURL = apiConfig().apiBaseUrl;
    if (adapterOverride) request.adapter = adapterOverride;
    const token = getToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  });
  client.interceptors.response.use(undefined, (error: unknown) => {
    if (isHttpError(error)) {
      const status = error.response?.status;
      const sentToken = Boolean(error.config?.headers?.Authorization);
      // A wrong password on /auth/login is not a lost session: only calls that carried a token count.
      if ((status === 401 || status === 403) && sentToken) {
        clearToken();
        bus.emit('auth:logged-out', { reason: 'unauthorized' });
        onUnauthorized();
      }
    }
    return Promise.reject(error);
  });
  return client;
}

let client: Promise<AxiosInstance> | undefined;

/**
 * axios (about 21 KB gzip) is loaded with the first request, not with this package: the host loads this
 * package at start, and the public pages (landing, sign-in before submitting) make no request at all.
 */
function httpClient(): Promise<AxiosInstance> {
  client ??= import('axios').then(({ default: axios }) => createClient(axios));
  return client;
}

/**
 * Loads axios and builds the instance now. The host calls it at start for a signed-in trader: the opened page's
 * first requests then leave at once, before the shell's first render takes the main thread.
 */
export function loadHttpClient(): Promise<void> {
  return httpClient().then(() => undefined);
}

type Config = AxiosRequestConfig;

/** The calls of the API table go through these: axios's methods, once axios is there. */
export const http = {
  get: async <T>(url: string, config?: Config): Promise<AxiosResponse<T>> =>
    (await httpClient()).get<T>(url, config),
  delete: async <T>(url: string, config?: Config): Promise<AxiosResponse<T>> =>
    (await httpClient()).delete<T>(url, config),
  post: async <T>(url: string, data?: unknown, config?: Config): Promise<AxiosResponse<T>> =>
    (await httpClient()).post<T>(url, data, config),
  put: async <T>(url: string, data?: unknown, config?: Config): Promise<AxiosResponse<T>> =>
    (await httpClient()).put<T>(url, data, config),
  patch: async <T>(url: string, data?: unknown, config?: Config): Promise<AxiosResponse<T>> =>
    (await httpClient()).patch<T>(url, data, config),
};
