import ipaddr from 'ipaddr.js';
import { PROJECTX_FIRMS } from '@synctrade/api/validation';
import { BrokerError } from '../types';

/**
 * Which gateway hosts the operator lets users connect to. The server calls them with the user's API key, so by
 * default only the known ProjectX firms' hosts are allowed.
 */
export interface HostPolicy {
  /** `off`: the known firms only; `public`: any https name whose addresses are all public; or a list of names. */
  custom: 'off' | 'public' | readonly string[];
  /**
   * `host:port` entries the server may call over plain http and on loopback or private addresses (a local
   * fake gateway); each is allowed as a custom host whatever `custom` says.
   */
  privateHosts: readonly string[];
}

export const DEFAULT_HOST_POLICY: HostPolicy = { custom: 'off', privateHosts: [] };

function entries(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter((item) => item.length > 0);
}

/** `PROJECTX_CUSTOM_HOSTS` (off, public or a comma list of names) and `PROJECTX_PRIVATE_HOSTS` (host:port list). */
export function hostPolicyFromEnv(env: NodeJS.ProcessEnv): HostPolicy {
  const custom = (env.PROJECTX_CUSTOM_HOSTS ?? '').trim().toLowerCase();
  return {
    custom: custom === '' || custom === 'off' ? 'off' : custom === 'public' ? 'public' : entries(custom),
    privateHosts: entries(env.PROJECTX_PRIVATE_HOSTS),
  };
}

/** The known firms' REST and hub host names: always allowed. */
const KNOWN_HOSTS: ReadonlySet<string> = new Set(
  PROJECTX_FIRMS.flatMap((firm) => [new URL(firm.restUrl).hostname, new URL(firm.hubUrl).hostname]),
);

export const HOST_INVALID = 'The host must be an https:// address without a path, user or password';
export const CUSTOM_HOSTS_OFF =
  'This server connects only the listed ProjectX firms: choose your firm from the list';

/** A name without its trailing dots (`localhost.` is `localhost`). */
function bareName(hostname: string): string {
  return hostname.toLowerCase().replace(/\.+$/, '');
}

function customAllowed(policy: HostPolicy, name: string): boolean {
  if (policy.custom === 'public') return true;
  if (policy.custom === 'off') return false;
  return policy.custom.includes(name);
}

/** Whether the operator named this `host:port` as a private host (plain http, loopback or private addresses). */
export function isPrivateHost(policy: HostPolicy, url: URL): boolean {
  return policy.privateHosts.includes(url.host.toLowerCase());
}

/**
 * Checks a firm host's text against the policy and answers its canonical form. The addresses it resolves to
 * are checked again each time the server connects (gateway-net.ts): a name is never trusted for its text.
 */
export function checkHost(address: string, kind: 'rest' | 'hub', policy: HostPolicy): string {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw invalid(HOST_INVALID);
  }
  if (url.username || url.password || url.search || url.hash) throw invalid(HOST_INVALID);
  if (!isPrivateHost(policy, url)) {
    if (url.protocol !== 'https:') throw invalid(HOST_INVALID);
    const name = bareName(url.hostname);
    const literal = ipaddr.isValid(name.replace(/^\[|\]$/g, ''));
    if (literal || name === 'localhost' || name.endsWith('.localhost') || !name.includes('.'))
      throw invalid(HOST_INVALID);
    if (!KNOWN_HOSTS.has(name) && !customAllowed(policy, name)) throw invalid(CUSTOM_HOSTS_OFF);
  } else if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalid(HOST_INVALID);
  if (kind === 'rest') {
    if (url.pathname !== '/' && url.pathname !== '') throw invalid(HOST_INVALID);
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

function invalid(message: string): BrokerError {
  return new BrokerError(message, 'rejected');
}
