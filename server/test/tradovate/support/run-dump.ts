import { writeFileSync } from 'node:fs';
import type { CopyRig } from './copy-rig';

/**
 * Writes what a failing run left (its steps, the fake's orders and fills, the store's rows, the requests the
 * fake received, the engine's log) to a JSON file, to read next to the replayed seed.
 */
export async function dumpRun(rig: CopyRig, input: unknown, file: string): Promise<void> {
  const { control } = rig.world.fake;
  const rows = await rig.db.query('SELECT * FROM copy_orders WHERE user_id = $1 ORDER BY id', [
    rig.ids.userId,
  ]);
  const run = {
    input,
    ids: rig.ids,
    followers: rig.followerIds.map((id) => rig.account(id)),
    orders: control.orders(),
    fills: control.fills(),
    rows,
    requests: control
      .requests()
      .map((r) => ({ endpoint: r.endpoint, via: r.via, user: r.userId, body: r.body })),
    placeCalls: rig.directory.calls,
    log: rig.log,
  };
  writeFileSync(file, JSON.stringify(run, null, 1));
}
