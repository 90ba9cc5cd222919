import type { Db } from '../../../src/db/db';
import type { FollowerSetup } from '../../copier/support/harness';
import {
  duplicateCopies,
  offTarget,
  ordersToNonFollowers,
  oversizedCopies,
  penaltyMistakes,
  strayMirrors,
} from './copy-checks';
import { CopyRig } from './copy-rig';
import { followersOf } from './property-steps';
import { dumpRun } from './run-dump';

/**
 * One property run on a fresh rig with these followers. A failure carries the engine's last log lines (errors
 * are expected under faults; the last ones tell what the engine went through) and, when `dumpFile` is set,
 * writes the run out with its `input` to replay; the rig is closed either way.
 */
export async function onFreshRig(
  db: Db,
  setups: FollowerSetup[],
  run: (rig: CopyRig) => Promise<void>,
  failure: { input: unknown; dumpFile: string | undefined },
): Promise<void> {
  const rig = await CopyRig.start(db, followersOf(setups));
  try {
    await run(rig);
  } catch (error: unknown) {
    if (error instanceof Error) error.message += `\nEngine log:\n${rig.log.slice(-40).join('\n')}`;
    if (failure.dumpFile !== undefined) await dumpRun(rig, failure.input, failure.dumpFile);
    throw error;
  } finally {
    await rig.close();
  }
}

/**
 * What holds once the faults are off and a Sync has settled: no client order id reached Tradovate twice,
 * nothing reached a non-follower, no copy was oversized, every follower holds leader × ratio, no stray mirror
 * is left, penalties were honoured, and nobody is asked to reconnect Tradovate (penalties, lockouts and
 * warnings are waits).
 */
export function expectSettledCopies(rig: CopyRig): void {
  const { control } = rig.world.fake;
  expect(duplicateCopies(control)).toEqual([]);
  expect(ordersToNonFollowers(rig)).toEqual([]);
  expect(oversizedCopies(rig)).toEqual([]);
  expect(offTarget(rig)).toEqual([]);
  expect(strayMirrors(rig)).toEqual([]);
  expect(penaltyMistakes(control)).toEqual([]);
  expect(rig.directory.reauths).toEqual([]);
}
