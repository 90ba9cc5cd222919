import axios, { AxiosError, type AxiosInstance } from 'axios';
import { bus } from '@synctrade/event-bus';
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

/** The one axios instance: no time-out (spec section 7), success is 200-299, bearer from storage. */
export const http: AxiosInstance = axios.create({
  timeout: 0,
  validateStatus: (status) => status >= 200 && status < 300,
});

http.interceptors.request.use((request) => {
  request.baseURL = apiConfig().apiBaseUrl;
  const token = getToken();
  if (token) request.headers.set('Authorization', `Bearer ${token}`);
  return request;
});

http.interceptors.response.use(undefined, (error: unknown) => {
  if (error instanceof AxiosError) {
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
