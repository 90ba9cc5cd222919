import type { AuthorizationResult, BrokerAdapter, BrokerSession, BrokerSessionOptions } from '../types';
import { BrokerError } from '../types';
import { defaultTimings, ENGINE_REQUESTS_PER_MINUTE, type ProjectXTimings } from './config';
import type { Db } from '../../db/db';
import { dbBracketStore, memoryBracketStore } from './bracket-store';
import { checkHost } from './hosts';
import { RequestWindows } from './request-window';
import { ProjectXRest } from './rest-client';
import { accountInfoOf, openProjectXSession, searchAccounts } from './session';
import { SharedSessions } from './shared-sessions';
import { loginKey, TokenKeeper } from './token-keeper';

export type { ProjectXTimings } from './config';

export interface ProjectXAdapterOptions {
  timings?: Partial<ProjectXTimings>;
  /** Lets connections use plain http and loopback hosts (tests and local fakes only). */
  allowInsecureHosts?: boolean;
  /** The gateway's requests per 60 s per user (200); benches against a fake without that limit lift it. */
  gatewayRequestsPerWindow?: number;
  /** Requests per minute the engine may spend per user (150 of the 200). */
  engineRequestsPerMinute?: number;
  /** Where brackets the adapter keeps itself survive a restart; without it, in memory. */
  db?: Db;
}

/** ProjectX Gateway (TopstepX and the other ProjectX firms): API-key sign-in, REST orders, the SignalR user hub. */
export function createProjectXAdapter(options: ProjectXAdapterOptions = {}): BrokerAdapter {
  const timings: ProjectXTimings = { ...defaultTimings, ...options.timings };
  const windows = new RequestWindows(options.gatewayRequestsPerWindow);
  const shared = new SharedSessions();
  const brackets = options.db ? dbBracketStore(options.db) : memoryBracketStore();
  const noOAuth = (): never => {
    throw new BrokerError('ProjectX connects with a user name and an API key, not a redirect', 'rejected');
  };
  return {
    id: 'projectx',
    name: 'ProjectX',
    connectable: true,
    requestsPerMinute: options.engineRequestsPerMinute ?? ENGINE_REQUESTS_PER_MINUTE,
    authorizeUrl: noOAuth,
    completeAuthorization: () => Promise.reject(noOAuth()),
    async connectWithApiKey(given): Promise<AuthorizationResult> {
      const allowInsecure = options.allowInsecureHosts ?? false;
      const params = {
        ...given,
        restUrl: checkHost(given.restUrl, 'rest', allowInsecure),
        hubUrl: checkHost(given.hubUrl, 'hub', allowInsecure),
      };
      const userKey = `${params.restUrl}|${params.userName}`;
      // The user already has a session open here with this key: signing in again would end it.
      const running = await shared.live(userKey);
      if (running !== undefined && running.currentCredentials().apiKey === params.apiKey)
        return {
          credentials: running.currentCredentials(),
          userData: params.userName,
          accounts: await running.listAccounts(),
        };
      const window = windows.forUser(userKey);
      const anonymous = new ProjectXRest(params.restUrl, window, timings);
      const token = await loginKey(anonymous, params.userName, params.apiKey);
      const credentials = {
        accessToken: token,
        expiresAt: Date.now() + timings.tokenLifetimeMs,
        brokerUserId: params.userName,
        apiKey: params.apiKey,
        restUrl: params.restUrl,
        hubUrl: params.hubUrl,
      };
      const keeper = new TokenKeeper(credentials, timings, {
        onRenewed: () => undefined,
        onReauthRequired: () => undefined,
      });
      const rest = new ProjectXRest(params.restUrl, window, timings, keeper);
      keeper.rest = rest;
      const accounts = (await searchAccounts(rest)).map(accountInfoOf);
      return { credentials: keeper.current(), userData: params.userName, accounts };
    },
    openSession(sessionOptions: BrokerSessionOptions): Promise<BrokerSession> {
      const { restUrl, brokerUserId } = sessionOptions.credentials;
      if (!restUrl || !brokerUserId)
        return openProjectXSession({ ...sessionOptions, timings, windows, brackets });
      return shared.open(`${restUrl}|${brokerUserId}`, sessionOptions, (onCredentialsRenewed) =>
        openProjectXSession({ ...sessionOptions, onCredentialsRenewed, timings, windows, brackets }),
      );
    },
  };
}
