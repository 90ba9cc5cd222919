import { BrokerError } from '../types';

/**
 * The firm hosts a user may point a connection at. The server calls them on the user's behalf, so a custom
 * host must be a public https name: no IP literals, no localhost, no credentials or path in the address
 * (tests and local fakes opt in to plain http and loopback with `allowInsecure`).
 */
export function checkHost(address: string, kind: 'rest' | 'hub', allowInsecure: boolean): string {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw invalid();
  }
  const secure = url.protocol === 'https:';
  if (!secure && !(allowInsecure && url.protocol === 'http:')) throw invalid();
  if (url.username || url.password || url.search || url.hash) throw invalid();
  const host = url.hostname.toLowerCase();
  const literal = /^[\d.]+$/.test(host) || host.includes(':') || host.startsWith('[');
  if (
    !allowInsecure &&
    (literal || host === 'localhost' || host.endsWith('.localhost') || !host.includes('.'))
  )
    throw invalid();
  if (kind === 'rest') {
    if (url.pathname !== '/' && url.pathname !== '') throw invalid();
    return url.origin;
  }
  return `${url.origin}${url.pathname === '/' ? '/hubs/user' : url.pathname.replace(/\/+$/, '')}`;
}

/** The user hub of a firm whose REST host is `api.<firm>…`: the same name with `rtc.`. */
export function hubFromRest(restUrl: string): string {
  const url = new URL(restUrl);
  if (url.hostname.startsWith('api.')) url.hostname = `rtc.${url.hostname.slice(4)}`;
  return `${url.origin}/hubs/user`;
}

function invalid(): BrokerError {
  return new BrokerError('The host must be an https:// address without a path, user or password', 'rejected');
}
