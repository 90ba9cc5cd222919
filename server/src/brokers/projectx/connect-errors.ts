import { BrokerError } from '../types';
import { HostNotAllowed } from './gateway-net';
import { CUSTOM_HOSTS_OFF, HOST_INVALID } from './hosts';
import { LOGIN_MESSAGES, LOGIN_REFUSED } from './token-keeper';

/** The server's own texts: the only ones a connect answer may carry. */
const OWN_TEXTS: ReadonlySet<string> = new Set([
  HOST_INVALID,
  CUSTOM_HOSTS_OFF,
  new HostNotAllowed().message,
  LOGIN_REFUSED,
  ...Object.values(LOGIN_MESSAGES),
]);

const FIXED: Record<BrokerError['code'], string> = {
  rejected: 'ProjectX refused the connection',
  not_found: 'ProjectX refused the connection',
  unauthorized: LOGIN_REFUSED,
  rate_limited: 'ProjectX is rate limiting this user',
  unavailable: 'ProjectX did not answer',
  uncertain: 'ProjectX did not answer',
};

/**
 * A failed connect as the user sees it: one fixed text per kind of failure, never what the host answered (its
 * text or status), so a host cannot be used to read another service's answers through this server.
 */
export function fixedConnectError(error: unknown): BrokerError {
  if (!(error instanceof BrokerError)) return new BrokerError(FIXED.unavailable, 'unavailable');
  if (OWN_TEXTS.has(error.message)) return error;
  return new BrokerError(FIXED[error.code], error.code, error.retryAt);
}
