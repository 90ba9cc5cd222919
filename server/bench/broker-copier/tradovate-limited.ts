/** The Tradovate side of the limited bench: the fake with Tradovate's per-user limit on, in this process. */
import { createTradovateAdapter } from '../../src/brokers/tradovate';
import { isCommand } from '../../fakes/tradovate/faults';
import { startFakeTradovate } from '../../fakes/tradovate/server';
import { realUserLimits } from '../../fakes/tradovate/user-limits';
import { LIMITED_ACCOUNTS, type LimitedBench, type LoginRequest } from './limited';
import { addBenchLogin, SYMBOL } from './tradovate-fake-side';

export async function tradovateLimited(): Promise<LimitedBench> {
  const fake = await startFakeTradovate({ heartbeatMs: 2_500, limits: 'real' });
  fake.control.setPrice(SYMBOL, 6000);
  const leader = addBenchLogin(fake, 'Bench Leader', 1);
  const follower = addBenchLogin(fake, 'Bench Followers', LIMITED_ACCOUNTS);
  const followerUser = Number(follower.credentials.brokerUserId);
  const requests: LoginRequest[] = [];
  const stop = fake.control.onRequest((record) => {
    if (record.userId === followerUser) requests.push({ at: record.at, order: isCommand(record.endpoint) });
  });
  // The adapter keeps its default budget per Tradovate user: what production sends.
  const adapter = createTradovateAdapter({
    publicUrl: 'http://127.0.0.1',
    env: { ...fake.env, TRADOVATE_CLIENT_ID: 'bench' },
  });
  return {
    broker: 'Tradovate',
    limit: { requests: realUserLimits.perMinute, windowMs: realUserLimits.minuteMs },
    adapter,
    leader,
    follower,
    leaderTrades(qty) {
      fake.control.placeHumanOrder({
        accountId: Number(leader.accounts[0]),
        symbol: SYMBOL,
        action: qty > 0 ? 'Buy' : 'Sell',
        qty: Math.abs(qty),
      });
    },
    position: (externalId) => fake.control.netPosition(Number(externalId), SYMBOL),
    followerRequests: () => requests,
    refusals() {
      const { tickets, lockouts } = fake.control.userRefusals(followerUser);
      return `${tickets} penalty tickets, ${lockouts} lockouts (429)`;
    },
    async close() {
      stop();
      await fake.close();
    },
  };
}
