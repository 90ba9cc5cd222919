import type { CopyStory, QualityFills, QualitySummary } from '@synctrade/api/types';
import { CONTRACTS } from '@synctrade/market';
import type { TestApp } from '../support/build-test-app';
import { registerUser, type TestUser } from '../support/users';
import { call, waitForDesk, waitForOrders } from '../copier/support/http';
import { openPaperDesk } from '../copier/support/paper-desk';

/** The part of a paper ledger (GET /sim/accounts/:id/ledger) the expected figures are computed from. */
interface PaperLedger {
  positions: { symbol: string; net_pos: number; avg_price: number }[];
}

/** A paper leader with three paper followers trades; copy quality must agree with the paper ledgers. */
describe('copy quality on the paper broker', () => {
  let t: TestApp;
  let user: TestUser;
  let ids: [number, number, number, number];
  /** The leader's first fill price: the only fill the capped follower copied (the price may move between fills). */
  let firstLeaderPrice: number;
  const period = () => {
    const now = Date.now();
    return `from=${new Date(now - 3_600_000).toISOString()}&to=${new Date(now + 3_600_000).toISOString()}`;
  };

  beforeAll(async () => {
    const desk = await openPaperDesk('Paper');
    ({ t, user } = desk);
    ids = desk.rows.map((r) => r.id) as [number, number, number, number];
    const [leader, f1, f2, f3] = ids;
    await call(t.app, user, 'PUT', `/copier/accounts/${leader}/master`);
    for (const follower of [f1, f2, f3])
      await call(t.app, user, 'PUT', `/copier/accounts/${follower}/follower`);
    await call(t.app, user, 'PUT', `/copier/accounts/${f2}/ratio`, { ratio: 2 });
    // f3 may hold one contract at most: the leader's second buy is skipped by that rule.
    const risk = (await call<Record<string, unknown>>(t.app, user, 'GET', `/copier/accounts/${f3}/risk`))
      .body;
    expect(
      (await call(t.app, user, 'PUT', `/copier/accounts/${f3}/risk`, { ...risk, max_net_position: 1 }))
        .status,
    ).toBe(200);
    for (let n = 0; n < 2; n += 1) {
      const ticket = await call(t.app, user, 'POST', '/sim/orders', {
        account_id: leader,
        contract: 'ES',
        side: 'buy',
        qty: 1,
        order_type: 'Market',
      });
      expect(ticket.status).toBe(200);
      await waitForDesk(
        t.app,
        user,
        (rows) =>
          rows.find((r) => r.id === f1)?.qty === n + 1 &&
          rows.find((r) => r.id === f2)?.qty === 2 * (n + 1) &&
          rows.find((r) => r.id === f3)?.qty === 1,
      );
      if (n === 0)
        firstLeaderPrice = (await call<PaperLedger>(t.app, user, 'GET', `/sim/accounts/${leader}/ledger`))
          .body.positions[0]!.avg_price;
    }
    // Outcomes are written behind the copies: read once every copy has its broker's answer stored.
    await waitForOrders(
      t.app,
      user,
      (orders) => orders.length === 8 && orders.every((o) => o.status !== 'Pending New'),
    );
  }, 60_000);
  afterAll(async () => t.close());

  it("when the period is read, then each follower's copy rate, fills and slippage equal what the paper ledgers hold", async () => {
    const [leader, f1, f2, f3] = ids;
    const ledger = async (id: number) =>
      (await call<PaperLedger>(t.app, user, 'GET', `/sim/accounts/${id}/ledger`)).body.positions[0];
    const lead = await ledger(leader);
    expect(lead?.net_pos).toBe(2);
    const { tickSize, tickValue } = CONTRACTS.ES;
    const expected = await Promise.all(
      [
        [f1, 1],
        [f2, 2],
        [f3, 1],
      ].map(async ([id, perFill]) => {
        const position = await ledger(id as number);
        const held = position?.net_pos ?? 0;
        // Followers holding both copies average against both leader fills; the capped one against the first only.
        const leaderPrice = id === f3 ? firstLeaderPrice : (lead?.avg_price ?? 0);
        const ticks = ((position?.avg_price ?? 0) - leaderPrice) / tickSize;
        return [id, 2, held / (perFill as number), ticks, Math.round(ticks * tickValue * held * 100) / 100];
      }),
    );
    const summary = (await call<QualitySummary>(t.app, user, 'GET', `/quality/summary?${period()}`)).body;
    expect(
      summary.followers.map((f) => [
        f.account_id,
        f.leader_fills,
        f.filled,
        f.mean_slippage_ticks,
        f.slippage_cost,
      ]),
    ).toEqual(expected);
    expect(summary.followers.map((f) => f.copy_rate)).toEqual([1, 1, 0.5]);
    for (const f of summary.followers) {
      expect(f.delay_p50_ms).toBeGreaterThanOrEqual(0);
      expect(f.delay_p95_ms).toBeGreaterThanOrEqual(f.delay_p50_ms ?? 0);
    }
    expect(summary.followers[2]?.misses).toEqual([
      { outcome: 'skipped', reason: 'Max net position (1) reached', count: 1 },
    ]);
  });

  it('when the fills are listed, then the newest leader fill shows two fills and the rule that skipped the third follower', async () => {
    const [, f1, f2, f3] = ids;
    const fills = (await call<QualityFills>(t.app, user, 'GET', `/quality/fills?${period()}&page_size=1`))
      .body;
    expect([fills.total, fills.page, fills.page_size, fills.fills.length]).toEqual([2, 1, 1, 1]);
    const newest = fills.fills[0];
    expect(newest?.outcomes.map((o) => [o.account_id, o.outcome, o.filled_qty, o.reason])).toEqual([
      [f1, 'filled', 1, null],
      [f2, 'filled', 2, null],
      [f3, 'skipped', 0, 'Max net position (1) reached'],
    ]);
    const second = (
      await call<QualityFills>(t.app, user, 'GET', `/quality/fills?${period()}&page=2&page_size=1`)
    ).body;
    expect(second.fills[0]?.outcomes.map((o) => o.outcome)).toEqual(['filled', 'filled', 'filled']);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/v1/quality/fills.csv?${period()}`,
      headers: user.headers,
    });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.trim().split('\n');
    expect(lines).toHaveLength(1 + 6);
    expect(lines.filter((line) => line.includes(',skipped,'))).toHaveLength(1);
    expect(lines.find((line) => line.includes(',skipped,'))).toContain('Max net position (1) reached');
  });

  it("when a copy's story is read by id or client order id, then it runs from the leader event to the fill", async () => {
    const fills = (await call<QualityFills>(t.app, user, 'GET', `/quality/fills?${period()}`)).body;
    const filled = fills.fills[0]?.outcomes[0];
    const byId = await call<CopyStory>(t.app, user, 'GET', `/quality/story/${filled?.order_id}`);
    expect(byId.status).toBe(200);
    expect(byId.body.steps.map((s) => s.step)).toEqual([
      'leader_event',
      'planned',
      'sent',
      'broker_answer',
      'fill',
    ]);
    expect(byId.body.steps.every((s) => s.time !== null)).toBe(true);
    expect(byId.body.steps[4]?.detail).toBe(`Filled 1 @ ${filled?.fill_price}`);
    const byClient = await call<CopyStory>(
      t.app,
      user,
      'GET',
      `/quality/story/${encodeURIComponent(filled?.client_order_id ?? '')}`,
    );
    expect(byClient.body).toEqual(byId.body);
    const skipped = fills.fills[0]?.outcomes[2];
    const story = (await call<CopyStory>(t.app, user, 'GET', `/quality/story/${skipped?.order_id}`)).body;
    expect(story.steps.map((s) => [s.step, s.detail.startsWith('Not copied') ? s.detail : ''])).toEqual([
      ['leader_event', ''],
      ['planned', 'Not copied: Max net position (1) reached'],
    ]);
  });

  it('when another user asks, then the story answers 404 and the figures are empty; a bad period answers 400', async () => {
    const other = await registerUser(t.app);
    const fills = (await call<QualityFills>(t.app, user, 'GET', `/quality/fills?${period()}`)).body;
    const orderId = fills.fills[0]?.outcomes[0]?.order_id;
    const story = await call<{ detail: string }>(t.app, other, 'GET', `/quality/story/${orderId}`);
    expect([story.status, story.body]).toEqual([404, { detail: 'Order not found' }]);
    const summary = (await call<QualitySummary>(t.app, other, 'GET', `/quality/summary?${period()}`)).body;
    expect(summary.followers).toEqual([]);
    expect((await call<QualityFills>(t.app, other, 'GET', `/quality/fills?${period()}`)).body.total).toBe(0);
    const backwards = await call<{ detail: string }>(
      t.app,
      user,
      'GET',
      '/quality/summary?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z',
    );
    expect([backwards.status, backwards.body]).toEqual([400, { detail: 'to must be after from' }]);
    const notDate = await call<{ detail: string }>(t.app, user, 'GET', '/quality/fills?from=x&to=y');
    expect([notDate.status, notDate.body]).toEqual([400, { detail: 'from must match format "date-time"' }]);
    const big = await call<{ detail: string }>(
      t.app,
      user,
      'GET',
      `/quality/fills?${period()}&page_size=101`,
    );
    expect([big.status, big.body]).toEqual([
      400,
      { detail: 'page_size must be a whole number from 1 to 100' },
    ]);
  });
});
