import type {
  MessageResponse,
  OrderData,
  PropPresetList,
  PropRules,
  SyncAccount,
} from '@synctrade/api/types';
import { SqlCopyStore } from '../../src/copier/store/sql-store';
import type { CopyIntent } from '../../src/copier/engine/types';
import type { TestApp } from '../support/build-test-app';
import type { TestUser } from '../support/users';
import { call, waitForDesk } from '../copier/support/http';
import { openPaperDesk } from '../copier/support/paper-desk';

// The orders list (`GET /copier/order-data/:userId`) shows the firm rule behind every clipped or refused copy and
// behind every order the engine sent for a rule (flat-by, drawdown, daily loss close-outs, which succeed).
describe('the orders list with firm rules', () => {
  let t: TestApp;
  let user: TestUser;
  let rows: SyncAccount[];
  let topstep: PropRules;

  beforeAll(async () => {
    ({ t, user, rows } = await openPaperDesk('Rule list'));
    const presets = (await call<PropPresetList>(t.app, user, 'GET', '/propfirm/presets')).body;
    const found = presets.presets.find((preset) => preset.id === 'topstep-combine-50k');
    if (found === undefined) throw new Error('no Topstep preset');
    topstep = {
      ...found.rules,
      flatBy: { ...found.rules.flatBy, enabled: false },
      drawdown: { ...found.rules.drawdown, enabled: false },
      dailyLoss: { ...found.rules.dailyLoss, enabled: false },
    };
  }, 60_000);
  afterAll(async () => t.close());

  const orders = async (): Promise<OrderData['orders']> =>
    (await call<OrderData>(t.app, user, 'GET', `/copier/order-data/${user.id}`)).body.orders;

  it('when a copy is clipped by max contracts and another refused by a news blackout, then each row names the rule', async () => {
    const [leader, clipped, refused] = rows.map((r) => r.id) as [number, number, number];
    await call(t.app, user, 'PUT', `/copier/accounts/${leader}/master`);
    await call(t.app, user, 'PUT', `/copier/accounts/${clipped}/follower`);
    await call(t.app, user, 'PUT', `/copier/accounts/${refused}/follower`);
    const oneMini = { ...topstep, maxContracts: { ...topstep.maxContracts, minis: 1 } };
    expect((await call(t.app, user, 'PUT', `/propfirm/accounts/${clipped}/rules`, oneMini)).status).toBe(200);
    const news = { ...topstep, news: { enabled: true, minutesBefore: 30, minutesAfter: 30, kinds: ['CPI'] } };
    expect((await call(t.app, user, 'PUT', `/propfirm/accounts/${refused}/rules`, news)).status).toBe(200);
    const at = new Date(Date.now() + 10 * 60_000).toISOString();
    const event = await call(t.app, user, 'POST', '/propfirm/events', { kind: 'CPI', title: 'Test CPI', at });
    expect(event.status).toBe(200);

    const ticket = await call<MessageResponse>(t.app, user, 'POST', '/sim/orders', {
      account_id: leader,
      contract: 'ES',
      side: 'buy',
      qty: 3,
      order_type: 'Market',
    });
    expect(ticket.status).toBe(200);
    await waitForDesk(t.app, user, (list) => list.find((r) => r.id === clipped)?.qty === 1);
    const accountName = (id: number): string => rows.find((r) => r.id === id)?.account_name ?? '';
    const list = await orders();
    const of = (id: number): Array<[string, number, string | null]> =>
      list.filter((o) => o.account === accountName(id)).map((o) => [o.status, o.qty, o.reason]);
    expect(of(clipped)).toEqual(
      expect.arrayContaining([
        ['Success', 1, null],
        ['Rejected', 2, 'Max contracts: clipped from 3 to 1 to stay within 1 minis (10 micros)'],
      ]),
    );
    expect(of(refused)).toEqual(expect.arrayContaining([['Rejected', 3, 'News blackout: Test CPI']]));
    expect(of(refused).some(([status]) => status === 'Success')).toBe(false);
  });

  it('when the engine closed a follower out for a rule, then its successful orders still show the rule', async () => {
    const follower = rows[3]?.id ?? 0;
    const store = new SqlCopyStore(t.db, (error) => {
      throw error;
    });
    await store.open();
    const reasons = [
      "Flat-by: flattened 3 min before the firm's 15:10 deadline (America/Chicago)",
      'Trailing drawdown: equity $48,160 is within $200 of the floor $48,000',
      'Daily loss limit of $500 reached (day P&L -$600)',
    ];
    for (const [index, reason] of reasons.entries()) {
      const eventKey = `s${follower}-rlist${index}`;
      const intent: CopyIntent = {
        clientOrderId: `st.${eventKey}.${follower}`,
        eventKey,
        userId: user.id,
        accountId: follower,
        symbol: 'NQZ6',
        side: 'sell',
        qty: index + 1,
        type: 'Market',
        price: null,
        stopPrice: null,
        exit: true,
        leaderOrderId: null,
        reason,
      };
      await store.claim({ eventKey, userId: user.id, intents: [intent], skips: [], eventTime: null });
      store.recordOutcome({
        clientOrderId: intent.clientOrderId,
        status: 'Success',
        brokerOrderId: `7${index}`,
        reason: null,
        sentMs: 1,
        ackMs: 2,
      });
    }
    await store.flush();
    await store.close();
    const name = rows[3]?.account_name ?? '';
    expect(
      (await orders())
        .filter((o) => o.account === name)
        .map((o) => [o.status, o.qty, o.reason])
        .sort(),
    ).toEqual(reasons.map((reason, index) => ['Success', index + 1, reason]).sort());
  });
});
