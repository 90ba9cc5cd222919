import fc from 'fast-check';
import type { Db } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';
import { followerSetup } from '../copier/support/follower-setups';
import type { FollowerSetup } from '../copier/support/harness';
import { createTestDb, usingPostgres } from '../support/test-db';
import { pastMaxNet, unaccountedLeaderFills } from './support/copy-checks';
import type { CopyRig } from './support/copy-rig';
import { expectSettledCopies, onFreshRig } from './support/property-run';
import { newRunRecord, perform, step, type Step } from './support/property-steps';

/**
 * Every run starts a fake Tradovate, the adapter's sessions over real sockets and the engine, and waits for
 * the copy group to settle after each step: about a second a run, against the sim property's milliseconds.
 * The server suite runs once on PGlite and once on PostgreSQL on a 2-core CI machine, and CI replays one fixed
 * seed (test/support/property-seed.ts), so 50 runs on PGlite (the default single-machine install: claims in
 * memory and the intent journal) and 25 on PostgreSQL (claims by one statement) keep both stores honest; local
 * runs draw new seeds. `TRADOVATE_ENGINE_PROPERTY_RUNS` sets the count on either.
 */
const RUNS = Number(process.env.TRADOVATE_ENGINE_PROPERTY_RUNS ?? (usingPostgres() ? 25 : 50));

/**
 * Runs first, whatever the seed: each fault kind meets the engine for certain (a copy is placed after every
 * leader market order), so the check that the faults really fired does not depend on the random runs' luck.
 * On luck alone a 423 warning met a request in 9 runs of 100 and a penalty ticket in 8, so PostgreSQL's 25
 * runs missed one of them now and then, and failed the check.
 */
const market = (side: 'buy' | 'sell', qty: number) => ({ kind: 'market' as const, side, qty, parts: [] });
const everyFaultOnce: [FollowerSetup[], Step[]] = [
  [{ ratio: 1 }, { ratio: 2 }, { ratio: 1, cross: true }],
  (
    [
      { kind: 'renewal-penalty', remaining: 2 },
      { kind: 'http429', match: 'placeorder', remaining: 1, retryAfter: false },
      { kind: 'penalty', match: 'placeorder', remaining: 1, captcha: false },
      { kind: 'warning423', match: 'placeorder', remaining: 1 },
      { kind: 'drop-after-accept', match: 'placeorder', remaining: 1 },
      { kind: 'sockets', how: 'drop', resync429: true, first: false },
    ] as const
  ).map((fault, index): Step => ({
    kind: 'leader',
    action: market(index % 2 === 0 ? 'buy' : 'sell', 1 + (index % 3)),
    fault,
    toggle: null,
  })),
];
const env = {
  seed: process.env.TRADOVATE_ENGINE_PROPERTY_SEED,
  path: process.env.TRADOVATE_ENGINE_PROPERTY_PATH,
  shrink: process.env.TRADOVATE_ENGINE_PROPERTY_SHRINK === '1',
  dump: process.env.TRADOVATE_ENGINE_PROPERTY_DUMP,
};

/** Faults that hit at least one request (or socket) of the engine, over all runs. */
const firedFaults = new Set<string>();

async function checkRun(rig: CopyRig, steps: Step[]): Promise<void> {
  const { control } = rig.world.fake;
  const record = newRunRecord();
  const probes: Array<{ name: string; fired: () => boolean }> = [];
  await rig.settle();
  for (const current of steps) {
    const probe = await perform(rig, current, record);
    if (probe) probes.push(probe);
    await rig.settle();
    control.setFaults({ duplicateEvents: false });
    expect(pastMaxNet(rig)).toEqual([]);
  }
  // A fault still armed after its step may meet a request of a later one.
  for (const probe of probes) if (probe.fired()) firedFaults.add(probe.name);
  // The faults are switched off; reconciliation (Sync) brings every follower to leader × ratio.
  control.clearFaults();
  await rig.settle();
  await rig.engine.sync(rig.ids.userId);
  await rig.settle();
  expect(await unaccountedLeaderFills(rig, record.windows)).toEqual([]);
  expectSettledCopies(rig);
}

describe('copy engine through the Tradovate adapter, under the fake Tradovate faults (property)', () => {
  let db: Db;
  beforeAll(async () => {
    db = await createTestDb();
    await migrate(db);
  });
  afterAll(() => db.close());

  it(`when random leader trades meet random Tradovate faults, follow toggles and engine restarts, then no client order id reaches the fake twice, nothing reaches a follower that does not follow, every leader fill is copied or has a recorded reason, and after reconciliation every follower holds leader × ratio (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(followerSetup, { minLength: 3, maxLength: 3 }),
        fc.array(step, { minLength: 1, maxLength: 10 }),
        async (setups, steps) => {
          await onFreshRig(db, setups, (rig) => checkRun(rig, steps), {
            input: { setups, steps },
            dumpFile: env.dump,
          });
        },
      ),
      {
        numRuns: RUNS,
        // Shrinking replays whole runs over sockets (minutes): the first failure is reported with its seed
        // and path; replay them with TRADOVATE_ENGINE_PROPERTY_SEED / _PATH, and _SHRINK=1 to shrink.
        endOnFailure: !env.shrink,
        ...(env.seed === undefined && env.path === undefined ? { examples: [everyFaultOnce] } : {}),
        ...(env.seed === undefined ? {} : { seed: Number(env.seed) }),
        ...(env.path === undefined ? {} : { path: env.path }),
      },
    );
    // The faults really met the engine's requests and sockets (not only armed): lost answers, 429 lockouts,
    // 423 warnings, penalty tickets (on orders and on token renewals) and socket cuts each fire a handful of
    // times in twenty runs.
    if (RUNS >= 20) {
      const met = (pattern: RegExp): boolean => [...firedFaults].some((name) => pattern.test(name));
      expect({
        lostAnswers: met(/drop-after-accept|past the timeout|garbage|late arrival/),
        lockouts: met(/http429/),
        warnings: met(/warning 423/),
        penalties: met(/^penalty/),
        renewalPenalties: met(/^renewal penalty/),
        socketCuts: met(/^sockets/),
      }).toEqual({
        lostAnswers: true,
        lockouts: true,
        warnings: true,
        penalties: true,
        renewalPenalties: true,
        socketCuts: true,
      });
    }
  }, 1_800_000);
});
