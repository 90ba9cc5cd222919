import type {
  ApiKeyConnectParams,
  AuthorizationResult,
  BrokerAdapter,
  BrokerSession,
  BrokerSessionOptions,
} from '../types';
import { BrokerError } from '../types';
import { defaultTimings, ENGINE_REQUESTS_PER_MINUTE, type ProjectXTimings } from './config';
import type { Db } from '../../db/db';
import { dbBracketStore, memoryBracketStore } from './bracket-store';
import { fixedConnectError } from './connect-errors';
import { GatewayNet, type Resolve } from './gateway-net';
import { checkHost, DEFAULT_HOST_POLICY, type HostPolicy } from './hosts';
import { RequestWindows } from './request-window';
import { ProjectXRest } from './rest-client';
import { accountInfoOf, openProjectXSession, searchAccounts } from './session';
import { SharedSessions } from '../shared/shared-sessions';
import { loginKey, TokenKeeper } from './token-keeper';

export type { ProjectXTimings } from './config';

export interface ProjectXAdapterOptions {
  timings?: Partial<ProjectXTimings>;
  /** Which gateway hosts users may connect (by default the known firms' only). */
  hosts?: HostPolicy;
  /** How gateway names are resolved before every connection is checked (tests inject their own). */
  resolve?: Resolve;
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
  const policy = options.hosts ?? DEFAULT_HOST_POLICY;
  const net = new GatewayNet(policy, options.resolve);
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
    connectWithApiKey: (given) =>
      connectWithApiKey(given).catch((error: unknown) => {
        throw fixedConnectError(error);
      }),
    openSession(sessionOptions: BrokerSessionOptions): Promise<BrokerSession> {
      const { restUrl, brokerUserId } = sessionOptions.credentials;
      if (!restUrl || !brokerUserId)
        return openProjectXSession({ ...sessionOptions, timings, windows, brackets, net });
      return shared.open(`${restUrl}|${brokerUserId}`, sessionOptions, (onCredentialsRenewed) =>
        openProjectXSession({ ...sessionOptions, onCredentialsRenewed, timings, windows, brackets, net }),
      );
    },
  };

  async function connectWithApiKey(given: ApiKeyConnectParams): Promise<AuthorizationResult> {
    const params = {
      ...given,
      restUrl: checkHost(given.restUrl, 'rest', policy),
      hubUrl: checkHost(given.hubUrl, 'hub', policy),
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
    const anonymous = new ProjectXRest(params.restUrl, net, window, timings);
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
    const rest = new ProjectXRest(params.restUrl, net, window, timings, keeper);
    keeper.rest = rest;
    const accounts = (await searchAccounts(rest)).map(accountInfoOf);
    return { credentials: keeper.current(), userData: params.userName, accounts };
  }
}
