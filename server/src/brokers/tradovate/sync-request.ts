import { BrokerError } from '../types';
import type { TradovateTimings } from './config';
import type { IpBudget } from './ip-budget';
import { penaltyOf } from './penalty';
import { type UserRequestWindow, sleep } from './user-request-window';
import { lockoutMessage } from './rest-client';
import type { TradovateSocket } from './socket';

export interface SyncDeps {
  userId: number;
  budget: UserRequestWindow;
  ipBudget: IpBudget;
  timings: TradovateTimings;
}

/**
 * What the feed needs (https://partner.tradovate.com/overview/core-concepts/web-sockets/user-syncrequest: the
 * types must be listed, the default is none). `command` carries our client order ids.
 */
export const SYNC_ENTITY_TYPES = [
  'account',
  'contract',
  'command',
  'commandReport',
  'order',
  'orderVersion',
  'executionReport',
  'fill',
  'position',
  'cashBalance',
];

/**
 * `user/syncrequest` with `splitResponses` and `entityTypes` (not `users`, which the documentation says not to
 * combine with `entityTypes`; the socket is the user's already), honouring socket 429s and penalty tickets.
 */
export async function syncRequest(socket: TradovateSocket, deps: SyncDeps): Promise<unknown> {
  const request = { splitResponses: true, entityTypes: SYNC_ENTITY_TYPES };
  let body: Record<string, unknown> = request;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await deps.budget.take(deps.timings.reconnectMaxMs);
    // Tradovate counts sync requests per IP (300 an hour): every user of this server shares them.
    const answered =
      attempt === 0
        ? await deps.ipBudget.take('user/syncrequest', deps.timings.reconnectMaxMs)
        : () => undefined;
    const answer = await socket.request('user/syncrequest', body).finally(answered);
    if (answer.status === 429) {
      const until = Date.now() + deps.timings.rateLimitLockoutMs;
      deps.budget.lockOut(until);
      throw new BrokerError(lockoutMessage(until), 'rate_limited', until);
    }
    if (answer.status === 423) {
      deps.budget.slowDown(deps.timings.warningSlowdownMs);
      const until = Date.now() + deps.timings.warningPauseMs;
      deps.budget.blockUntil(until);
      throw new BrokerError('Tradovate warned about too many requests (HTTP 423)', 'rate_limited', until);
    }
    const penalty = penaltyOf(answer.data);
    if (penalty?.captcha) {
      const until = Date.now() + deps.timings.captchaBackoffMs;
      deps.budget.blockUntil(until);
      throw new BrokerError('Tradovate requires a captcha for this user', 'rate_limited', until);
    }
    if (penalty) {
      deps.ipBudget.penalized('user/syncrequest', Date.now() + penalty.waitMs);
      await sleep(penalty.waitMs);
      body = { ...request, 'p-ticket': penalty.ticket };
      continue;
    }
    if (answer.status !== 200) {
      throw new BrokerError(
        `Tradovate refused the sync request (${answer.status} ${String(answer.data ?? '')})`,
        answer.status === 401 ? 'unauthorized' : 'unavailable',
      );
    }
    return answer.data;
  }
  throw new BrokerError(
    'Tradovate kept issuing penalty tickets for the sync request',
    'rate_limited',
    Date.now() + deps.timings.captchaBackoffMs,
  );
}
