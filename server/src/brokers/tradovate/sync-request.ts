import { BrokerError } from '../types';
import type { TradovateTimings } from './config';
import type { IpBudget } from './ip-budget';
import { penaltyOf } from './penalty';
import { type RequestBudget, sleep } from './request-budget';
import type { TradovateSocket } from './socket';

export interface SyncDeps {
  userId: number;
  budget: RequestBudget;
  ipBudget: IpBudget;
  timings: TradovateTimings;
}

/** `user/syncrequest`, honouring socket 429s and penalty tickets like the REST client does. */
export async function syncRequest(socket: TradovateSocket, deps: SyncDeps): Promise<unknown> {
  let body: Record<string, unknown> = { users: [deps.userId] };
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await deps.budget.take(deps.timings.reconnectMaxMs);
    // Tradovate counts sync requests per IP (300 an hour): every user of this server shares them.
    const answered =
      attempt === 0
        ? await deps.ipBudget.take('user/syncrequest', deps.timings.reconnectMaxMs)
        : () => undefined;
    const answer = await socket.request('user/syncrequest', body).finally(answered);
    if (answer.status === 429) {
      const until = deps.budget.limitHit(deps.timings.rateLimitBackoffMs);
      throw new BrokerError('Tradovate rate limit reached on the socket', 'rate_limited', until);
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
      body = { users: [deps.userId], 'p-ticket': penalty.ticket };
      continue;
    }
    if (answer.status !== 200) {
      throw new BrokerError(
        `Tradovate refused the sync request (${answer.status} ${String(answer.data ?? '')})`,
        answer.status === 401 ? 'unauthorized' : 'unavailable',
      );
    }
    deps.budget.succeeded();
    return answer.data;
  }
  throw new BrokerError(
    'Tradovate kept issuing penalty tickets for the sync request',
    'rate_limited',
    Date.now() + deps.timings.rateLimitBackoffMs,
  );
}
