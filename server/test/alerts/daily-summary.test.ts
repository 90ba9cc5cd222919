import type { Notification } from '@synctrade/api/types';
import { lastTradingDay, sendDailySummaries } from '../../src/alerts/daily-summary';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { connectSim } from '../support/connect-sim';
import { registerUser, type TestUser } from '../support/users';
import { call, waitForDesk } from '../copier/support/http';

/**
 * Wednesday 2026-11-18's futures day runs from Tuesday 17:00 to Wednesday 17:00 in Chicago (CST, UTC-6): from
 * 23:00 UTC on the 17th to 23:00 UTC on the 18th. The times and figures below are written out by hand.
 */
const WEDNESDAY_END = Date.parse('2026-11-18T23:00:00Z');

describe('end-of-day summary', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  const summaries = async (user: TestUser): Promise<Notification[]> =>
    (
      await call<{ notifications: Notification[] }>(t.app, user, 'GET', '/notifications')
    ).body.notifications.filter((n) => n.title.startsWith('Daily summary'));

  beforeAll(async () => {
    t = await buildTestApp();
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
    for (const user of [alice, bob]) await connectSim(t.app, user, 'Paper');
    const rows = await waitForDesk(t.app, alice, (list) => list.length === 4);
    const trade = (exit: string, pnl: number, id: string) => ({
      symbol: 'ESZ6',
      side: 'buy',
      qty: 1,
      entry_time: new Date(Date.parse(exit) - 60_000).toISOString(),
      exit_time: exit,
      entry_price: 6000,
      exit_price: 6000 + pnl / 50,
      pnl,
      external_id: id,
    });
    // Two on Wednesday's day (one Tuesday evening after the 17:00 start), one before it and one after its end.
    const imported = await call(t.app, alice, 'POST', '/copier/trade-history/import', {
      account_id: rows[0]!.id,
      trades: [
        trade('2026-11-17T23:30:00Z', 125, 'a'),
        trade('2026-11-18T15:00:00Z', -50, 'b'),
        trade('2026-11-17T22:30:00Z', 1000, 'before'),
        trade('2026-11-18T23:30:00Z', 1000, 'after'),
      ],
    });
    expect(imported.status).toBe(200);
  }, 60_000);
  afterAll(async () => t.close());

  it("when the trading day's bounds are asked, then they are Chicago's 17:00s and weekends have none", () => {
    expect(lastTradingDay(WEDNESDAY_END + 60_000)).toEqual({
      day: '2026-11-18',
      from: new Date('2026-11-17T23:00:00Z'),
      to: new Date('2026-11-18T23:00:00Z'),
    });
    expect(lastTradingDay(WEDNESDAY_END - 60_000)?.day).toBe('2026-11-17');
    // Saturday 2026-11-21 18:00 Chicago: the last 17:00 was Saturday's, no session ended then.
    expect(lastTradingDay(Date.parse('2026-11-22T00:00:00Z'))).toBeNull();
    // Monday 2026-11-23's day starts on Sunday at 17:00.
    expect(lastTradingDay(Date.parse('2026-11-23T23:30:00Z'))?.from).toEqual(
      new Date('2026-11-22T23:00:00Z'),
    );
  });

  it('when the day has ended, then a trader who traded gets one summary of that day, and one who did not gets none', async () => {
    expect(await sendDailySummaries(t.app, WEDNESDAY_END + 60_000)).toBe(1);
    const [summary] = await summaries(alice);
    expect(summary?.title).toBe('Daily summary for 2026-11-18');
    const account = summary?.message.split(':')[0];
    expect(summary?.message).toBe(
      [`${account}: $75.00 (2 trades)`, 'Total: $75.00', 'Copies filled: 0; missed: 0'].join('\n'),
    );
    expect(await summaries(bob)).toEqual([]);
  });

  it('when the check runs again, on this node after a restart or on another, then nothing is sent twice', async () => {
    expect(await sendDailySummaries(t.app, WEDNESDAY_END + 5 * 60_000)).toBe(0);
    // Another node: the same database, its own notify.
    const notified: number[] = [];
    const notify = async (userId: number) => void notified.push(userId);
    const otherNode = { db: t.db, notify } as unknown as Parameters<typeof sendDailySummaries>[0];
    expect(await sendDailySummaries(otherNode, WEDNESDAY_END + 10 * 60_000)).toBe(0);
    expect(notified).toEqual([]);
    expect(await summaries(alice)).toHaveLength(1);
  });
});
