import type {
  AuthorizationResult,
  BrokerAdapter,
  BrokerSession,
  BrokerSessionOptions,
  Environment,
} from '../types';
import { defaultTimings, readTradovateConfig, type TradovateConfig, type TradovateTimings } from './config';
import type { Db } from '../../db/db';
import { fetchMe, listAccountsWithBalances } from './accounts';
import { dbClientOrderIds, memoryClientOrderIds } from './client-order-ids';
import { dbOcoSiblings, memoryOcoSiblings } from './oco-siblings';
import { IpBudget, type IpLimit, tradovateIpLimits } from './ip-budget';
import { buildAuthorizeUrl, exchangeCode } from './oauth';
import { SessionVersions } from './order-shapes';
import { UserRequestWindows } from './user-request-window';
import { TradovateRest } from './rest-client';
import { openTradovateSession } from './session';

export type { TradovateConfig, TradovateTimings } from './config';
export { readTradovateConfig } from './config';

export interface TradovateAdapterOptions {
  /** The API's public URL; the OAuth redirect comes back to `${publicUrl}/api/v1/brokers/tradovate/callback`. */
  publicUrl: string;
  env: NodeJS.ProcessEnv;
  /** Shorter timings for tests. */
  timings?: Partial<TradovateTimings>;
  /** Where the client order id → order id mapping survives restarts; without it, only the process keeps it. */
  db?: Db;
  /** Tradovate's per-IP endpoint limits as this server budgets them (tests use small ones). */
  ipLimits?: Record<string, IpLimit>;
  ipWindowMs?: number;
}

export interface TradovateAdapter extends BrokerAdapter {
  config: TradovateConfig;
  redirectUri: string;
}

/** The Tradovate broker: OAuth connect, REST orders, and the user-data WebSocket feed. */
export function createTradovateAdapter(options: TradovateAdapterOptions): TradovateAdapter {
  const config = readTradovateConfig(options.env);
  const timings: TradovateTimings = { ...defaultTimings, ...options.timings };
  const budgets = new UserRequestWindows(config.requestsPerMinute);
  const ipBudget = new IpBudget(options.ipLimits ?? tradovateIpLimits, options.ipWindowMs);
  const versions = new SessionVersions();
  const clientOrderIds = options.db ? dbClientOrderIds(options.db) : memoryClientOrderIds();
  const ocoSiblings = options.db ? dbOcoSiblings(options.db) : memoryOcoSiblings();
  const redirectUri = `${options.publicUrl.replace(/\/+$/, '')}/api/v1/brokers/tradovate/callback`;

  return {
    id: 'tradovate',
    name: 'Tradovate',
    connectable: true,
    requestsPerMinute: config.requestsPerMinute,
    config,
    redirectUri,
    authorizeUrl: (params) => buildAuthorizeUrl(config, params),
    async completeAuthorization(params: {
      code: string;
      environment: Environment;
      redirectUri: string;
    }): Promise<AuthorizationResult> {
      const credentials = await exchangeCode(config, timings, params);
      // Until auth/me tells us the user, the budget is keyed by the token itself.
      const provisional = budgets.forUser(`${params.environment}:token:${credentials.accessToken}`);
      const rest = new TradovateRest(
        config.restUrl[params.environment],
        () => credentials.accessToken,
        provisional,
        timings,
      );
      const me = await fetchMe(rest, ipBudget);
      const userRest = new TradovateRest(
        config.restUrl[params.environment],
        () => credentials.accessToken,
        budgets.forUser(`${params.environment}:${me.userId}`),
        timings,
      );
      const accounts = await listAccountsWithBalances(userRest);
      return {
        credentials: { ...credentials, brokerUserId: String(me.userId) },
        userData: me.userData,
        accounts,
      };
    },
    openSession: (sessionOptions: BrokerSessionOptions): Promise<BrokerSession> =>
      openTradovateSession({
        config,
        timings,
        budgets,
        clientOrderIds,
        ocoSiblings,
        ipBudget,
        versions,
        ...sessionOptions,
      }),
  };
}
