import fc from 'fast-check';
import { toContractId } from '../../src/brokers/projectx/symbols';
import { clientOrderIdOf } from '../../src/brokers/projectx/tags';
import type { Db } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';
import { followerSetup } from '../copier/support/follower-setups';
import { createTestDb, usingPostgres } from '../support/test-db';
import {
  following,
  type LeaderStep,
  leaderSteps,
  mirrored,
  mirrorsOffLeader,
  offTarget,
  pastMaxNet,
  resting,
} from '../copier/support/group-checks';
import { MixedRig, type RigAccount, SYMBOL, type VenueWorkingOrder } from './support/mixed-rig';

/**
 * Every run starts a fake ProjectX gateway, the adapter's sessions over real sockets, a paper venue and the
 * engine, and waits for the group to settle after each step. Runs are few (the server suite runs on PGlite
 * and on PostgreSQL on a 2-core CI machine); `PROJECTX_ENGINE_PROPERTY_RUNS`, `_SEED` and `_PATH` replay more.
 */
const RUNS = Number(process.env.PROJECTX_ENGINE_PROPERTY_RUNS ?? (usingPostgres() ? 3 : 6));
const SEED = process.env.PROJECTX_ENGINE_PROPERTY_SEED;
/** With the seed, replays one failing run by the path fast-check printed. */
const PATH = process.env.PROJECTX_ENGINE_PROPERTY_PATH;

type Fault =
  | 'none'
  | 'lost-answer'
  | 'http429'
  | 'dropped-events'
  | 'duplicates'
  | 'envelopes-partials'
  | 'hub-cut'
  | 'second-login';
type Step = LeaderStep<Fault>;

/** Faults that leave every session up and every leader event delivered: a new leader order must be mirrored. */
const DELIVERING: ReadonlySet<Fault> = new Set([
  'none',
  'lost-answer',
  'http429',
  'duplicates',
  'envelopes-partials',
]);

const fault = fc.constantFrom<Fault>(
  'none',
  'lost-answer',
  'http429',
  'dropped-events',
  'duplicates',
  'envelopes-partials',
  'hub-cut',
  'second-login',
);
const step = leaderSteps(fault, { work: 4, rework: 4, unwork: 2 });

const MIRRORING_SETUPS = [
  { ratio: 2, cross: false, autoSync: true, risk: { maxContractsPerOrder: 6, maxNetPosition: 12 } },
  { ratio: 1, cross: true, autoSync: true, risk: { maxContractsPerOrder: 6, maxNetPosition: 12 } },
  { ratio: 0.5, cross: false, autoSync: false, risk: { maxContractsPerOrder: 6, maxNetPosition: 12 } },
];
const MIRRORING_STEPS: Step[] = [
  { kind: 'work', side: 'buy', type: 'Limit', qty: 2, offset: 1, fault: 'none' },
  { kind: 'work', side: 'sell', type: 'Stop', qty: 1, offset: 2, fault: 'lost-answer' },
  { kind: 'rework', pick: 0, qty: 3, offset: 2, fault: 'none' },
  { kind: 'restart' },
  { kind: 'rework', pick: 1, qty: 2, offset: 3, fault: 'duplicates' },
  { kind: 'unwork', pick: 0, fault: 'none' },
  // The leader's change is heard only by the sessions' periodic REST check: its pushes are dropped, live.
  { kind: 'rework', pick: 0, qty: 1, offset: 4, fault: 'dropped-events' },
];

function arm(rig: MixedRig, chosen: Fault): void {
  const { fake } = rig;
  if (chosen === 'lost-answer') fake.setFaults({ loseAnswers: { remaining: 1, match: 'Order/place' } });
  if (chosen === 'http429') fake.setFaults({ http429: { remaining: 1, match: 'Order/place' } });
  if (chosen === 'dropped-events') fake.setFaults({ dropEvents: { remaining: 3 } });
  if (chosen === 'duplicates') fake.setFaults({ duplicateEvents: true });
  if (chosen === 'envelopes-partials') fake.setFaults({ envelope: 'mixed', partialFills: true });
  if (chosen === 'hub-cut') fake.hub.cutAll();
  // Someone signs in elsewhere with the follower login: its session ends.
  if (chosen === 'second-login') fake.sessions.issue('follow');
}

/** Accepted orders per (account, client order id) at the gateway: more than one is a copy sent twice. */
function copiesSentTwice(rig: MixedRig): string[] {
  const seen = new Map<string, number>();
  for (const placed of rig.fake.world.placed)
    if (placed.errorCode === 0 && placed.customTag !== null) {
      const key = `${placed.accountId}|${clientOrderIdOf(placed.customTag)}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
  return [...seen].filter(([, count]) => count > 1).map(([key]) => key);
}

function ordersToNonFollowers(rig: MixedRig): string[] {
  const disabled = rig.followers.filter((f) => !rig.account(f.id).enabled);
  const atGateway = rig.fake.world.placed
    .filter((p) => disabled.some((f) => f.place.broker === 'projectx' && f.place.accountId === p.accountId))
    .map((p) => `${p.customTag} at the gateway for disabled account ${p.accountId}`);
  const handed = rig.directory.calls
    .filter((call) => !call.following)
    .map((call) => `${call.clientOrderId} sent to ${call.accountExternalId}`);
  return [...atGateway, ...handed];
}

/** Copies at the gateway larger than the follower's max contracts per order. */
function oversized(rig: MixedRig): string[] {
  const out: string[] = [];
  for (const follower of rig.followers) {
    if (follower.place.broker !== 'projectx') continue;
    const { accountId } = follower.place;
    const max = rig.account(follower.id).risk.maxContractsPerOrder;
    for (const order of rig.fake.venue.orders.values())
      if (order.accountId === accountId && order.customTag?.startsWith('st.') && order.size > max)
        out.push(`${order.customTag}: ${order.size} > ${max}`);
  }
  return out;
}

/**
 * A leader order just placed is mirrored on every follower for which it clearly fits the limits: at least one
 * contract, at most the max per order, and the position plus every same-side leader order × ratio within the
 * max net position (the engine may skip a mirror only when it could pass it).
 */
function unmirrored(rig: MixedRig, placed: VenueWorkingOrder): string[] {
  const leaderOrders = rig.workingAt(rig.leader);
  const out: string[] = [];
  for (const f of following(rig)) {
    const { ratio, risk } = rig.account(f.id);
    const qty = Math.round(placed.qty * ratio);
    const sameSide = leaderOrders
      .filter((o) => o.side === placed.side)
      .reduce((sum, o) => sum + Math.round(o.qty * ratio), 0);
    const held = Math.abs(rig.held(f, rig.symbolOf(f.id)));
    if (qty < 1 || qty > risk.maxContractsPerOrder || held + sameSide > risk.maxNetPosition) continue;
    if (!rig.workingAt(f).some((o) => mirrored(rig, f.id, o) === placed.orderId))
      out.push(`${f.id}: no mirror of leader order ${placed.orderId} (${qty} fits the limits)`);
  }
  return out;
}

/** Orders that reached each fake over all runs: the group really copied across brokers. */
const reached = { tradovate: 0, projectx: 0 };
/** Mirrors checked against their leader order, per follower broker: the checks did compare something. */
const mirrorsSeen = { sim: 0, projectx: 0, tradovate: 0 };
const countMirror = (follower: RigAccount): void => {
  mirrorsSeen[follower.place.broker] += 1;
};

async function run(rig: MixedRig, steps: Step[]): Promise<void> {
  await rig.settle();
  let restingBefore: string[] = [];
  /**
   * A hub push may have been dropped: the gateway replays nothing, so a leader order change dropped on a live
   * hub is heard only at the sessions' next periodic REST check (or a reconnect's catch-up), which may come
   * after a step settled. Mirrors are compared while no drop is pending, and once more at the end after the
   * sessions checked by REST (no reconnect forced).
   */
  let missedPushes = false;
  const dropsArmed = (): boolean => (rig.fake.faults.dropEvents?.remaining ?? 0) > 0;
  for (const current of steps) {
    restingBefore = rig.workingAt(rig.leader).map((o) => o.orderId);
    if (current.kind === 'restart') await rig.restart();
    else {
      arm(rig, current.fault);
      // Every session reconnects and catches up by REST: what was dropped before is read back.
      if (current.fault === 'hub-cut') missedPushes = false;
      missedPushes ||= dropsArmed();
      if (current.kind === 'trade') await rig.leaderTrade(current.side, current.qty);
      else if (current.kind === 'burst') for (const side of current.sides) await rig.leaderTrade(side, 1);
      else if (current.kind === 'flat') await rig.leaderFlat();
      else await resting(rig, current);
    }
    await rig.settle();
    if (!missedPushes) expect(mirrorsOffLeader(rig, countMirror)).toEqual([]);
    if (current.kind === 'work' && DELIVERING.has(current.fault) && !missedPushes) {
      const before = new Set(restingBefore);
      const placed = rig.workingAt(rig.leader).find((o) => !before.has(o.orderId));
      expect(placed).toBeDefined();
      expect(unmirrored(rig, placed!)).toEqual([]);
    }
    rig.fake.setFaults({ duplicateEvents: false, envelope: 'flat', partialFills: false });
    expect(pastMaxNet(rig)).toEqual([]);
  }
  rig.fake.clearFaults();
  // The periodic REST check reads back what dropped pushes hid; after it, every mirror must match its leader order.
  if (missedPushes) await rig.checkedByRest();
  await rig.settle();
  await rig.engine.sync(rig.userId);
  await rig.settle();
  expect(copiesSentTwice(rig)).toEqual([]);
  expect(ordersToNonFollowers(rig)).toEqual([]);
  expect(oversized(rig)).toEqual([]);
  expect(offTarget(rig, SYMBOL)).toEqual([]);
  expect(mirrorsOffLeader(rig, countMirror)).toEqual([]);
  reached.tradovate += rig.tradovate.control.requests('order/placeorder').length;
  reached.projectx += rig.fake.world.placed.length;
}

describe('copy engine through ProjectX, Tradovate and the paper broker in one group, under gateway faults (property)', () => {
  let db: Db;
  beforeAll(async () => {
    db = await createTestDb();
    await migrate(db);
  });
  afterAll(() => db.close());

  it(`when random leader trades on ProjectX or paper meet random gateway faults and engine restarts, then no copy is accepted twice, nothing reaches a non-follower, limits hold and every follower ends at leader × ratio (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('projectx' as const, 'sim' as const),
        fc.array(followerSetup, { minLength: 3, maxLength: 3 }),
        fc.array(step, { minLength: 1, maxLength: 8 }),
        async (leaderOn, setups, steps) => {
          const rig = await MixedRig.start(
            db,
            leaderOn,
            setups.map((setup) => ({
              ratio: setup.ratio,
              cross: setup.cross ?? false,
              autoSync: setup.autoSync ?? true,
              risk: { maxContractsPerOrder: 6, maxNetPosition: 12, dailyLossLimit: 0, ...setup.risk },
            })),
          );
          try {
            await run(rig, steps);
          } catch (error: unknown) {
            if (error instanceof Error)
              error.message += `\nEngine log:\n${rig.log.slice(-30).join('\n')}\nPlaced at the gateway:\n${rig.fake.world.placed.map((p) => JSON.stringify(p)).join('\n')}`;
            throw error;
          } finally {
            await rig.close();
          }
        },
      ),
      {
        numRuns: RUNS,
        endOnFailure: true,
        // One run always rests, changes and cancels leader orders, so every CI run compares mirrors.
        examples: [['projectx', MIRRORING_SETUPS, MIRRORING_STEPS]],
        ...(SEED === undefined ? {} : { seed: Number(SEED) }),
        ...(PATH === undefined ? {} : { path: PATH, examples: [] }),
      },
    );
    // A replayed path is one run: it need not reach every broker.
    if (PATH === undefined) {
      expect(reached.tradovate).toBeGreaterThan(0);
      expect(reached.projectx).toBeGreaterThan(0);
      expect(mirrorsSeen.projectx + mirrorsSeen.tradovate + mirrorsSeen.sim).toBeGreaterThan(0);
    }
    if (process.env.PROJECTX_ENGINE_PROPERTY_REPORT === '1') console.info('mirrors checked', mirrorsSeen);
  }, 600_000);

  it('the contract a cross follower trades exists at the gateway', () => {
    expect(toContractId(`MES${SYMBOL.slice(2)}`)).toMatch(/^CON\.F\.US\.MES\.Z\d\d$/);
  });
});
