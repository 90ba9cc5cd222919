import type { BrokerGateway, Environment } from '../types';

/** Timings of the Rithmic adapter; tests shorten them. */
export interface RithmicTimings {
  /** An answer not complete by then is given up (a command's fate is then `uncertain`). */
  requestTimeoutMs: number;
  /** Opening a socket and logging in. */
  connectTimeoutMs: number;
  /** Used when the login answer carries no heartbeat interval (async_rithmic's default). */
  defaultHeartbeatMs: number;
  /** Reconnect delays after a lost socket; the last one repeats until the plant is back. */
  reconnectDelaysMs: number[];
  /**
   * After a forced logout (77: the login's session cap was passed, usually by the trader's own platform), the
   * session tries again only this many times, this far apart, then asks the user to connect again.
   */
  forcedLogoutRetries: number;
  forcedLogoutRetryMs: number;
  /** How far back fills are replayed (3506) when looking an order up or catching up after a reconnect. */
  replayLookbackMs: number;
}

export const defaultTimings: RithmicTimings = {
  requestTimeoutMs: 10_000,
  connectTimeoutMs: 15_000,
  defaultHeartbeatMs: 30_000,
  reconnectDelaysMs: [0, 1_000, 2_000, 5_000, 10_000, 30_000],
  forcedLogoutRetries: 2,
  forcedLogoutRetryMs: 5 * 60_000,
  replayLookbackMs: 24 * 3600_000,
};

/**
 * No public figure exists for Rithmic's request limits: the engine starts at this many per minute per login
 * and the budget shrinks when Rithmic refuses a request for its rate (see `request-budget.ts`).
 */
export const ENGINE_REQUESTS_PER_MINUTE = 120;

/** What async_rithmic sends (`template_version "3.9"`); the fake also accepts 5.42. */
export const TEMPLATE_VERSION = '3.9';

/** Rithmic's plants this adapter logs in to (`infra_type` of request_login.proto). */
export const ORDER_PLANT = 2;
export const PNL_PLANT = 4;

export interface ConfiguredGateway extends BrokerGateway {
  url: string;
}

export interface RithmicSettings {
  gateways: ConfiguredGateway[];
  appName: string;
  appVersion: string;
}

const MAX_GATEWAYS = 20;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * `RITHMIC_GATEWAYS`: `name=url` entries separated by `;` or `,`, each optionally ending `|demo` or `|live`
 * (demo when not said). Only `wss://` addresses, or `ws://` to this machine (tests and the fake); a bad entry
 * stops the server at start rather than surfacing to a trader later.
 */
export function parseGateways(value: string | undefined): ConfiguredGateway[] {
  const entries = (value ?? '')
    .split(/[;,]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length > MAX_GATEWAYS) throw new Error(`RITHMIC_GATEWAYS: at most ${MAX_GATEWAYS} gateways`);
  const gateways: ConfiguredGateway[] = [];
  for (const entry of entries) {
    const equals = entry.indexOf('=');
    if (equals <= 0) throw new Error(`RITHMIC_GATEWAYS: "${entry}" is not name=url`);
    const name = entry.slice(0, equals).trim();
    let rest = entry.slice(equals + 1).trim();
    let environment: Environment = 'demo';
    const bar = rest.lastIndexOf('|');
    if (bar >= 0) {
      const flag = rest.slice(bar + 1).trim();
      if (flag !== 'demo' && flag !== 'live')
        throw new Error(`RITHMIC_GATEWAYS: "${name}" ends with |${flag}, not |demo or |live`);
      environment = flag;
      rest = rest.slice(0, bar).trim();
    }
    gateways.push({ name, environment, url: checkGatewayUrl(name, rest) });
    if (name.length > 80) throw new Error(`RITHMIC_GATEWAYS: the name "${name}" is too long`);
  }
  if (new Set(gateways.map((gateway) => gateway.name)).size !== gateways.length)
    throw new Error('RITHMIC_GATEWAYS: two gateways have the same name');
  return gateways;
}

function checkGatewayUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`RITHMIC_GATEWAYS: the address of "${name}" is not a URL`);
  }
  if (url.username || url.password)
    throw new Error(`RITHMIC_GATEWAYS: the address of "${name}" must not carry credentials`);
  if (url.protocol === 'wss:') return url.toString();
  if (url.protocol === 'ws:' && LOOPBACK_HOSTS.has(url.hostname)) return url.toString();
  throw new Error(`RITHMIC_GATEWAYS: "${name}" must use wss:// (ws:// only to this machine)`);
}

export function settingsFromEnv(env: NodeJS.ProcessEnv): RithmicSettings {
  return {
    gateways: parseGateways(env.RITHMIC_GATEWAYS),
    appName: env.RITHMIC_APP_NAME?.trim() || 'SyncTrade',
    appVersion: env.RITHMIC_APP_VERSION?.trim() || '1.0',
  };
}
