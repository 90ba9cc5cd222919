import { BrokerError } from '../types';
import { AnswerLost, NotSent, RithmicRefusal, strings, number, text } from './answers';
import type { RithmicMessage } from './codec';
import { TEMPLATE_VERSION, type RithmicTimings } from './config';
import { type PlantHandlers, PlantSocket } from './plant-socket';

/** At most this many system names are kept from a system-info answer. */
const MAX_SYSTEMS = 100;

export interface LoginParams {
  url: string;
  user: string;
  password: string;
  systemName: string;
  appName: string;
  appVersion: string;
}

export interface PlantLogin {
  socket: PlantSocket;
  fcmId: string;
  ibId: string;
  heartbeatMs: number;
}

/** The trader-facing refusals of a login; the route shows these texts as they are. */
export const LOGIN_MESSAGES = {
  credentials: 'Rithmic refused the user name or password',
  agreements:
    'Rithmic refused this login: its agreements are not signed. Sign them in R Trader Pro (log in once and accept them), then connect again',
  sessions:
    'Rithmic logged this login out: another platform is logged in on the same Rithmic login and the session limit is reached. Close the other platform or use another login, then connect again',
  system: 'This Rithmic system is not available on this gateway for this login',
  unreachable: 'The Rithmic gateway did not answer',
} as const;

/** A login refusal → the trader's message; the gateway's own text never reaches the user (nor the password). */
export function loginRefusal(error: unknown): BrokerError {
  if (error instanceof BrokerError) return error;
  if (error instanceof RithmicRefusal) {
    // Only `13 permission denied` (missing agreements) is documented (async_rithmic #24); other refusals are
    // told apart by their text, and anything else is taken for a wrong user name or password.
    const said = error.text.toLowerCase();
    if (said.includes('permission denied') || said.includes('agreement'))
      return new BrokerError(LOGIN_MESSAGES.agreements, 'unauthorized');
    if (said.includes('session')) return new BrokerError(LOGIN_MESSAGES.sessions, 'unauthorized');
    if (said.includes('system')) return new BrokerError(LOGIN_MESSAGES.system, 'unauthorized');
    if (error.isRateLimit)
      return new BrokerError('Rithmic is limiting requests for this login', 'rate_limited');
    return new BrokerError(LOGIN_MESSAGES.credentials, 'unauthorized');
  }
  return new BrokerError(LOGIN_MESSAGES.unreachable, 'unavailable');
}

const QUIET: PlantHandlers = {
  onPush: () => undefined,
  onForcedLogout: () => undefined,
  onClosed: () => undefined,
  warn: () => undefined,
};

/** 16 → 17 on its own socket, before any login (async_rithmic `plants/base.py` `_connect`). */
export async function listSystemNames(url: string, timings: RithmicTimings): Promise<string[]> {
  let socket: PlantSocket | undefined;
  try {
    socket = await PlantSocket.open(url, timings, QUIET);
    const answer = await socket.request(16, {});
    const names = [answer.final, ...answer.rows].flatMap((row) => strings(row, 'system_name'));
    return [
      ...new Set(names.map((name) => name.trim()).filter((name) => name !== '' && name.length <= 100)),
    ].slice(0, MAX_SYSTEMS);
  } catch (error: unknown) {
    if (error instanceof RithmicRefusal || error instanceof AnswerLost || error instanceof NotSent)
      throw new BrokerError(LOGIN_MESSAGES.unreachable, 'unavailable');
    throw error;
  } finally {
    socket?.close('system list read');
  }
}

/** Opens a socket to one plant and logs in (10 → 11); the heartbeat runs at the interval the login answers. */
export async function loginPlant(
  params: LoginParams,
  infraType: number,
  timings: RithmicTimings,
  handlers: PlantHandlers,
): Promise<PlantLogin> {
  let socket: PlantSocket;
  try {
    socket = await PlantSocket.open(params.url, timings, handlers);
  } catch {
    throw new BrokerError(LOGIN_MESSAGES.unreachable, 'unavailable');
  }
  let answer: RithmicMessage;
  try {
    answer = (
      await socket.request(10, {
        template_version: TEMPLATE_VERSION,
        user: params.user,
        password: params.password,
        app_name: params.appName,
        app_version: params.appVersion,
        system_name: params.systemName,
        infra_type: infraType,
      })
    ).final;
  } catch (error: unknown) {
    socket.close('login refused');
    throw loginRefusal(error);
  }
  const seconds = number(answer, 'heartbeat_interval');
  const heartbeatMs = seconds !== undefined && seconds > 0 ? seconds * 1000 : timings.defaultHeartbeatMs;
  socket.startHeartbeat(heartbeatMs);
  return { socket, fcmId: text(answer, 'fcm_id') ?? '', ibId: text(answer, 'ib_id') ?? '', heartbeatMs };
}
