import { SharedSessions } from '../shared/shared-sessions';
import {
  type AuthorizationResult,
  BrokerError,
  type BrokerAdapter,
  type BrokerCredentials,
  type BrokerGateway,
  type BrokerSession,
  type BrokerSessionOptions,
  type LoginConnectParams,
} from '../types';
import {
  defaultTimings,
  ENGINE_REQUESTS_PER_MINUTE,
  type RithmicSettings,
  type RithmicTimings,
} from './config';
import { LOGIN_MESSAGES, listSystemNames, type LoginParams } from './login';
import { openOrderPlant } from './plants';
import { RequestBudgets } from './request-budget';
import { openRithmicSession } from './session';

export type { RithmicTimings } from './config';

export interface RithmicAdapterOptions {
  settings: RithmicSettings;
  timings?: Partial<RithmicTimings>;
  /** Requests per minute the engine may spend per login (no public figure; see README). */
  engineRequestsPerMinute?: number;
  warn?: (message: string) => void;
}

const MAX_FIELD = 200;

/** Rithmic R | Protocol: user name and password on an operator-configured gateway, protobuf over WebSocket. */
export function createRithmicAdapter(options: RithmicAdapterOptions): BrokerAdapter {
  const timings: RithmicTimings = { ...defaultTimings, ...options.timings };
  const { settings } = options;
  const perMinute = options.engineRequestsPerMinute ?? ENGINE_REQUESTS_PER_MINUTE;
  const budgets = new RequestBudgets(perMinute);
  const shared = new SharedSessions();
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const noOAuth = (): never => {
    throw new BrokerError('Rithmic connects with a user name and a password, not a redirect', 'rejected');
  };

  function urlOf(gateway: string): string {
    const found = settings.gateways.find((candidate) => candidate.name === gateway);
    if (found === undefined)
      throw new BrokerError('This Rithmic gateway is not configured on this server', 'rejected');
    return found.url;
  }

  function loginOf(credentials: BrokerCredentials): LoginParams {
    const { brokerUserId, password, systemName, gateway } = credentials;
    if (!brokerUserId || !password || !systemName || !gateway)
      throw new BrokerError('This Rithmic connection lacks its login: connect it again', 'unauthorized');
    return {
      url: urlOf(gateway),
      user: brokerUserId,
      password,
      systemName,
      appName: settings.appName,
      appVersion: settings.appVersion,
    };
  }

  async function connectWithLogin(params: LoginConnectParams): Promise<AuthorizationResult> {
    const userName = params.userName.trim();
    if (!userName || userName.length > MAX_FIELD || !params.password || params.password.length > MAX_FIELD)
      throw new BrokerError(LOGIN_MESSAGES.credentials, 'unauthorized');
    const url = urlOf(params.gateway);
    const systems = await listSystemNames(url, timings);
    if (!systems.includes(params.systemName)) throw new BrokerError(LOGIN_MESSAGES.system, 'unauthorized');
    const credentials: BrokerCredentials = {
      accessToken: '',
      brokerUserId: userName,
      password: params.password,
      systemName: params.systemName,
      gateway: params.gateway,
    };
    // The login already runs here: a second one would count against its session cap (and could log it out).
    const running = await shared.live(sessionKey(credentials));
    if (running !== undefined && running.currentCredentials().password === params.password)
      return {
        credentials: running.currentCredentials(),
        userData: userName,
        accounts: await running.listAccounts(),
      };
    let forcedOut = false;
    const plant = await openOrderPlant(
      loginOf(credentials),
      timings,
      {
        onPush: () => undefined,
        onForcedLogout: () => {
          forcedOut = true;
        },
        onClosed: () => undefined,
        warn,
      },
      false,
    ).catch((error: unknown) => {
      throw forcedOut ? new BrokerError(LOGIN_MESSAGES.sessions, 'unauthorized') : connectError(error);
    });
    await plant.socket.logout();
    if (forcedOut) throw new BrokerError(LOGIN_MESSAGES.sessions, 'unauthorized');
    return { credentials, userData: userName, accounts: plant.accounts };
  }

  return {
    id: 'rithmic',
    name: 'Rithmic',
    connectable: settings.gateways.length > 0,
    requestsPerMinute: perMinute,
    authorizeUrl: noOAuth,
    completeAuthorization: () => Promise.reject(noOAuth()),
    gateways: (): BrokerGateway[] =>
      settings.gateways.map(({ name, environment }) => ({ name, environment })),
    listSystems: async (gateway) => listSystemNames(urlOf(gateway), timings),
    connectWithLogin,
    async openSession(sessionOptions: BrokerSessionOptions): Promise<BrokerSession> {
      const login = loginOf(sessionOptions.credentials);
      const key = sessionKey(sessionOptions.credentials);
      const budget = budgets.forLogin(key);
      const view = await shared.open(key, sessionOptions, () =>
        openRithmicSession({ ...sessionOptions, login, timings, budget, warn }),
      );
      return { ...view, nextRequestAt: () => budget.nextAt() };
    },
  };
}

/** One session per login on a system and gateway: Rithmic caps sessions per login. */
function sessionKey(credentials: BrokerCredentials): string {
  return `${credentials.gateway ?? ''}|${credentials.systemName ?? ''}|${credentials.brokerUserId ?? ''}`;
}

function connectError(error: unknown): BrokerError {
  if (error instanceof BrokerError) return error;
  return new BrokerError(LOGIN_MESSAGES.unreachable, 'unavailable');
}
