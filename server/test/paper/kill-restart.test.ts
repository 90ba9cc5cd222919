import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { SyncAccount } from '@synctrade/api/types';
import { tradeDayKey } from '@synctrade/market';
import type { Db } from '../../src/db/db';
import { createPgliteDb } from '../../src/db/pglite-db';
import { createPgDb } from '../../src/db/pg-db';
import type { PaperLedger } from '../../src/paper/paper-ledger';
import { TEST_POSTGRES_URL, usingPostgres } from '../support/test-db';
import {
  type Api,
  connectPaper,
  desk,
  expectedFollower,
  registerTrader,
  request,
  signedQty,
  waitForDesk,
} from '../support/server-api';
import { serverData } from '../support/server-data';
import { freePort, startServer, type ServerProcess } from '../support/server-process';

/**
 * The real server in a child process, killed with SIGKILL at random points while the leader trades through
 * the paper ticket, then started again on the same data. Each round is a real process start (7 to 46 s
 * each measured on the shared, loaded 2-core machine), so the suite runs 10 rounds and
 * `pnpm --filter server test:restart` runs 100 (`SIM_RESTART_ROUNDS` sets any number, `SIM_RESTART_SEED`
 * replays a run, `SIM_RESTART_TRACE=1` prints each restart's time).
 */
const ROUNDS = Number(process.env.SIM_RESTART_ROUNDS ?? 10);
const RATIOS = [1, 2, 3];
const LIMIT_PRICE = 100; // far below any ES price: an acknowledged buy limit rests until canceled

jest.setTimeout(20 * 60_000);

// A small seeded generator: a failure can be replayed with SIM_RESTART_SEED.
const seed = Number(process.env.SIM_RESTART_SEED ?? Date.now() % 1_000_000);
let state = seed;
function random(): number {
  state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
  return state / 2_147_483_648;
}

const trace = (line: string): void => {
  if (process.env.SIM_RESTART_TRACE) process.stderr.write(`${new Date().toISOString()} ${line}\n`);
};

/** Every total the in-flight tickets could add, each executed or not. */
function reachable(inflight: readonly number[]): Set<number> {
  let sums = new Set([0]);
  for (const qty of inflight) sums = new Set([...sums, ...[...sums].map((sum) => sum + qty)]);
  return sums;
}

describe('paper broker across killed servers', () => {
  const data = serverData('kill', { SIM_SEED: String(seed) });
  const { env, dataDir, schema } = data;
  let server: ServerProcess | null = null;

  beforeAll(() => data.open());

  afterAll(async () => {
    await server?.kill();
    await data.remove();
  });

  async function openLedgerDb(): Promise<Db> {
    if (usingPostgres()) return createPgDb({ connectionString: TEST_POSTGRES_URL, schema, max: 2 });
    return createPgliteDb(path.join(dataDir, 'pglite'));
  }

  it(`when the server is killed ${ROUNDS} times while the leader trades, then nothing acknowledged is lost, nothing is sent twice and followers end at leader × ratio`, async () => {
    const port = await freePort();
    trace('first start');
    server = await startServer(port, env);
    trace('listening');
    const api: Api = { url: server.url, token: '' };
    await registerTrader(api, `killed-${randomBytes(4).toString('hex')}@example.com`);
    await connectPaper(api);
    const rows = await waitForDesk(api, (list) => list.length === 4, 'the paper accounts never showed');
    const [leader, ...followers] = rows.map((row) => row.id) as [number, ...number[]];
    expect(
      (await request(api, 'PUT', `/copier/accounts/${leader}/master`, { followers: 'align' })).status,
    ).toBe(200);
    for (const [index, id] of followers.entries()) {
      await request(api, 'PUT', `/copier/accounts/${id}/follower`);
      await request(api, 'PUT', `/copier/accounts/${id}/ratio`, { ratio: RATIOS[index] });
    }

    const leaderPosition = async (): Promise<number> => {
      const ledger = await request<{ positions: Array<{ net_pos: number }> }>(
        api,
        'GET',
        `/sim/accounts/${leader}/ledger`,
      );
      return ledger.body.positions.reduce((sum, p) => sum + p.net_pos, 0);
    };
    let position = 0;
    let ackedLimits = 0;
    let inflightLimits = 0;
    const ticket = (body: object): Promise<number> =>
      fetch(`${api.url}/api/v1/sim/orders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ account_id: leader, contract: 'ES', ...body }),
      }).then(
        async (response) => {
          await response.arrayBuffer();
          return response.status;
        },
        () => 0, // the connection died with the server: the outcome is unknown
      );

    for (let round = 0; round < ROUNDS; round += 1) {
      // The leader trades: three clients send tickets at once; the server is killed when the k-th is answered.
      const wanted = 1 + Math.floor(random() * 5);
      let acked = 0;
      let ackedQty = 0;
      const unknown: number[] = [];
      let killing: Promise<void> | null = null;
      const client = async (): Promise<void> => {
        while (killing === null) {
          const limit = random() < 0.1;
          const estimate = position + ackedQty;
          const side = estimate > 4 ? 'sell' : estimate < -4 ? 'buy' : random() < 0.5 ? 'buy' : 'sell';
          const qty = 1 + Math.floor(random() * 3);
          const status = await ticket(
            limit
              ? { side: 'buy', qty: 1, order_type: 'Limit', price: LIMIT_PRICE }
              : { side, qty, order_type: 'Market' },
          );
          const signed = limit ? 0 : side === 'buy' ? qty : -qty;
          if (status === 200) {
            acked += 1;
            ackedQty += signed;
            if (limit) ackedLimits += 1;
            if (acked >= wanted && killing === null) killing = server?.kill() ?? Promise.resolve();
          } else if (status === 0) {
            unknown.push(signed);
            if (limit) inflightLimits += 1;
          } else throw new Error(`ticket answered ${status}`);
        }
      };
      await Promise.all([client(), client(), client()]);
      await killing;
      const started = Date.now();
      server = await startServer(port, env);
      api.url = server.url;
      trace(`round ${round}: restarted in ${Date.now() - started} ms`);
      // Every acknowledged ticket is in the leader's position after the restart; unanswered ones may be or not.
      const now = await leaderPosition();
      const extra = now - position - ackedQty;
      if (!reachable(unknown).has(extra))
        throw new Error(
          `round ${round} (seed ${seed}): leader ${now}, before ${position}, acknowledged ${ackedQty}, unanswered ${JSON.stringify(unknown)}`,
        );
      position = now;
    }

    await waitForDesk(
      api,
      (list) =>
        followers.every(
          (id, index) =>
            signedQty(list.find((row) => row.id === id)) === expectedFollower(position, RATIOS[index] ?? 0),
        ),
      `followers never reached leader × ratio (leader ${position}, seed ${seed})`,
    );

    // A graceful restart keeps the ledger exactly: positions, average prices, balances and the day's realized P&L
    // as the venue holds them; the desk shows what the venue holds, before the stop and after the start.
    const accountIds = [leader, ...followers];
    const venueLedgers = async (): Promise<VenueLedger[]> =>
      Promise.all(
        accountIds.map(async (id) => {
          const { body } = await request<PaperLedger>(api, 'GET', `/sim/accounts/${id}/ledger`);
          const positions = body.positions.map((p) => [p.symbol, p.net_pos, p.avg_price] as const);
          return { id, cash: body.cash_balance, realized: body.realized_pnl, positions };
        }),
      );
    const before = await deskAgreesWithVenue(api, venueLedgers, 'before the graceful restart');
    const dayBefore = tradeDayKey(Date.now());
    await server.stop();
    server = await startServer(port, env);
    api.url = server.url;
    // The desk fills in once the engine has opened the paper session again.
    const after = await deskAgreesWithVenue(api, venueLedgers, 'after the graceful restart');
    // A trade day that ended in between starts the day's realized P&L again at zero, as a broker's does.
    const expected =
      tradeDayKey(Date.now()) === dayBefore ? before : before.map((l) => ({ ...l, realized: 0 }));
    expect({ seed, ledgers: after }).toEqual({ seed, ledgers: expected });
    await server.stop();
    server = null;

    const db = await openLedgerDb();
    try {
      // Nothing sent twice: the venue holds at most one order per client order id and account.
      const twice = await db.query(
        `SELECT external_id, client_order_id, count(*) AS n FROM sim_orders WHERE client_order_id IS NOT NULL
         GROUP BY external_id, client_order_id HAVING count(*) > 1`,
      );
      expect(twice).toEqual([]);
      // No order row lost: every order the leader placed by ticket is in the orders list.
      const missing = await db.query(
        `SELECT o.order_id FROM sim_orders o JOIN broker_accounts a ON a.external_id = o.external_id
         WHERE a.id = $1 AND o.client_order_id IS NULL
           AND NOT EXISTS (SELECT 1 FROM copy_orders c WHERE c.account_id = a.id AND c.broker_order_id = o.order_id)`,
        [leader],
      );
      expect(missing).toEqual([]);
      // Acknowledged resting orders are still working after every kill.
      const [resting] = await db.query<{ n: number }>(
        `SELECT count(*) AS n FROM sim_orders o JOIN broker_accounts a ON a.external_id = o.external_id
         WHERE a.id = $1 AND o.status = 'Working' AND o.order_type = 'Limit' AND o.price = $2`,
        [leader, LIMIT_PRICE],
      );
      expect(resting?.n).toBeGreaterThanOrEqual(ackedLimits);
      expect(resting?.n).toBeLessThanOrEqual(ackedLimits + inflightLimits);
      // Balances and positions agree with the fills, replayed here with the average-price rule.
      const accounts = await db.query<{
        external_id: string;
        starting_balance: number;
        realized_total: number;
      }>(`SELECT s.external_id, s.starting_balance, s.realized_total FROM sim_accounts s`);
      for (const account of accounts) {
        const fills = await db.query<{ side: string; qty: number; price: number }>(
          `SELECT side, qty, price FROM sim_fills WHERE external_id = $1 ORDER BY time_ms, fill_id`,
          [account.external_id],
        );
        let net = 0;
        let avg = 0;
        let realized = 0;
        for (const fill of fills) {
          const q = fill.side === 'buy' ? fill.qty : -fill.qty;
          if (net === 0 || Math.sign(net) === Math.sign(q)) {
            avg = (avg * Math.abs(net) + fill.price * Math.abs(q)) / Math.abs(net + q);
          } else {
            realized += (fill.price - avg) * Math.min(Math.abs(net), Math.abs(q)) * Math.sign(net) * 50;
            if (Math.abs(q) > Math.abs(net)) avg = fill.price;
          }
          net += q;
          if (net === 0) avg = 0;
        }
        expect(account.realized_total).toBeCloseTo(realized, 6);
        const [held] = await db.query<{ net_pos: number }>(
          `SELECT coalesce(sum(net_pos), 0) AS net_pos FROM sim_positions WHERE external_id = $1`,
          [account.external_id],
        );
        expect(Number(held?.net_pos ?? 0)).toBe(net);
      }
    } finally {
      await db.close();
    }
  });
});

interface VenueLedger {
  id: number;
  cash: number;
  realized: number;
  positions: Array<readonly [string, number, number]>;
}

const cents = (value: number): number => Math.round(value * 100) / 100;

/** Whether a desk row shows the venue's position, balance and realized P&L for the day. */
function shows(row: SyncAccount | undefined, ledger: VenueLedger): boolean {
  const net = ledger.positions.reduce((sum, [, qty]) => sum + qty, 0);
  return (
    row !== undefined &&
    signedQty(row) === net &&
    row.balance === cents(ledger.cash) &&
    cents(row.day_pnl - row.open_pnl) === cents(ledger.realized)
  );
}

/**
 * The venue's ledgers once the desk shows them (60 s at most): a desk read while a copy is still on its way, or
 * before the desk heard of a trade day's end, is not a ledger to compare.
 */
async function deskAgreesWithVenue(
  api: Api,
  read: () => Promise<VenueLedger[]>,
  when: string,
): Promise<VenueLedger[]> {
  const until = Date.now() + 60_000;
  for (;;) {
    const ledgers = await read();
    const rows = await desk(api);
    const agrees = ledgers.every((ledger) =>
      shows(
        rows.find((row) => row.id === ledger.id),
        ledger,
      ),
    );
    // The venue did not move while the desk was read.
    if (agrees && JSON.stringify(await read()) === JSON.stringify(ledgers)) return ledgers;
    if (Date.now() > until) {
      const shown = rows.map((r) => [r.id, r.side, r.qty, r.balance, r.day_pnl - r.open_pnl]);
      throw new Error(
        `the desk never showed the venue's ledger ${when}: venue ${JSON.stringify(ledgers)}, desk ${JSON.stringify(shown)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
