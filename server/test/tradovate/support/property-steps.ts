import fc from 'fast-check';
import { DEFAULT_RISK } from '../../../src/copier/engine/types';
import type { FollowerSetup } from '../../copier/support/harness';
import { FollowWindows, venueMark } from './copy-checks';
import { REQUEST_TIMEOUT_MS, type CopyRig, type RigFollower } from './copy-rig';
import { until } from './engine-world';
import { armFault, cutSockets, faultSwitch, type FaultSwitch } from './fault-switches';
import { leaderAction, performLeaderAction, SYMBOL, type LeaderAction } from './leader-actions';

export type Step =
  /** `toggle`: a follower switches following once the engine heard the trade, its copies maybe on their way. */
  | { kind: 'leader'; action: LeaderAction; fault: FaultSwitch; toggle: number | null }
  /** A follower switches following with nothing on its way. */
  | { kind: 'toggle'; follower: number }
  | { kind: 'restart'; crashAfterIntentWrite: boolean };

export const step: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('leader' as const),
      action: leaderAction,
      fault: faultSwitch,
      toggle: fc.oneof(
        { arbitrary: fc.constant(null), weight: 5 },
        { arbitrary: fc.nat({ max: 2 }), weight: 1 },
      ),
    }),
    weight: 12,
  },
  { arbitrary: fc.record({ kind: fc.constant('toggle' as const), follower: fc.nat({ max: 2 }) }), weight: 1 },
  {
    arbitrary: fc.record({ kind: fc.constant('restart' as const), crashAfterIntentWrite: fc.boolean() }),
    weight: 1,
  },
);

/** The first follower trades on a second account of the leader's login, the others on another login. */
export function followersOf(setups: FollowerSetup[]): RigFollower[] {
  const following = setups.map((setup, index) => ({
    onLeaderUser: index === 0,
    settings: {
      ratio: setup.ratio,
      cross: setup.cross ?? false,
      autoSync: setup.autoSync ?? true,
      risk: { ...DEFAULT_RISK, ...setup.risk },
    },
  }));
  // The last follower's account is switched off for good: it must never receive an order.
  return [...following, { onLeaderUser: false, settings: { enabled: false } }];
}

/** What a run did that the checks must know: when followers did not follow. */
export interface RunRecord {
  windows: FollowWindows;
}

export const newRunRecord = (): RunRecord => ({ windows: new FollowWindows() });

/** Performs a step; answers the probe of the fault it armed, if any. */
export async function perform(
  rig: CopyRig,
  current: Step,
  { windows }: RunRecord,
): Promise<ReturnType<typeof armFault> | null> {
  const { control } = rig.world.fake;
  switch (current.kind) {
    case 'leader': {
      const { fault } = current;
      const before = venueMark(control);
      if (fault.kind === 'sockets' && fault.first) cutSockets(control, fault);
      const probe = armFault(control, fault, REQUEST_TIMEOUT_MS);
      performLeaderAction(control, rig.leaderExternalId, current.action);
      if (fault.kind === 'sockets' && !fault.first) cutSockets(control, fault);
      // Tokens are renewed every few hundred milliseconds: the ticket meets a renewal within this step.
      if (fault.kind === 'renewal-penalty')
        await until(probe.fired, 30_000, 'a token renewal to meet its penalty ticket');
      if (current.toggle !== null) {
        await rig.heard();
        await toggle(rig, current.toggle, windows, before);
      }
      return probe;
    }
    case 'toggle':
      await toggle(rig, current.follower, windows, venueMark(control));
      return null;
    case 'restart':
      if (current.crashAfterIntentWrite) {
        const store = rig.store;
        const placed = control.placeHumanOrder({
          accountId: rig.leaderExternalId,
          symbol: SYMBOL,
          action: 'Buy',
          qty: 1,
        });
        const fill = control.fills().find((f) => 'orderId' in placed && f.orderId === placed.orderId);
        // The fill reaches the engine over the socket later: its claim is the engine's last act.
        store.crashOn = `f${rig.ids.leaderId}-${fill?.id ?? 0}`;
        await until(() => store.crashes > 0, 30_000, 'the engine to store the intents and stop');
      }
      await rig.restart();
      return null;
  }
}

/**
 * A follower stops or starts following (the desk's toggle: settings saved, then the engine reloads them).
 * Leader fills at the venue since `since` may reach the engine on either side of the change.
 */
async function toggle(rig: CopyRig, index: number, windows: FollowWindows, since: number): Promise<void> {
  const id = rig.followerIds[index] ?? 0;
  const account = rig.account(id);
  account.isFollower = !account.isFollower;
  if (!account.isFollower) windows.stop(id, since);
  await rig.engine.refreshUser(rig.ids.userId);
  if (account.isFollower) windows.resume(id, venueMark(rig.world.fake.control));
}
