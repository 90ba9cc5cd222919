import { CopyEngine } from '../../../src/copier/engine/engine';
import { MemoryDirectory } from '../../../src/copier/engine/memory-directory';
import { MemoryCopyStore } from '../../../src/copier/engine/memory-store';
import { DEFAULT_RISK, type EngineAccount } from '../../../src/copier/engine/types';
import { sleep, type World } from './world';

/** A follower of the copy group: a Tradovate account of the follower user, or of the leader's own user. */
export interface GroupFollower {
  id: number;
  externalId: number;
  onLeaderUser?: boolean;
  settings?: Partial<EngineAccount>;
}

export interface GroupIds {
  userId: number;
  leaderId: number;
  /** Engine connection ids of the leader's and the follower's Tradovate users. */
  leaderConnection: number;
  followerConnection: number;
}

/**
 * The copy group's accounts and the two Tradovate logins (fresh tokens from the fake) in an in-memory
 * directory, so tests can switch accounts and roles directly.
 */
export function groupDirectory<D extends MemoryDirectory>(
  world: World,
  ids: GroupIds,
  followers: GroupFollower[],
  directory: D,
): D {
  for (const [connectionId, tradovateUserId] of [
    [ids.leaderConnection, world.leader.userId],
    [ids.followerConnection, world.follower.userId],
  ] as const) {
    const token = world.fake.control.issueToken(tradovateUserId);
    directory.addConnection(connectionId, {
      accessToken: token.accessToken,
      expiresAt: token.expiresAt,
      brokerUserId: String(tradovateUserId),
    });
  }
  const base = {
    userId: ids.userId,
    ratio: 1,
    cross: false,
    autoSync: true,
    enabled: true,
    risk: { ...DEFAULT_RISK },
    isLeader: false,
    isFollower: false,
  };
  directory.accounts.push({
    ...base,
    id: ids.leaderId,
    connectionId: ids.leaderConnection,
    externalId: String(world.leader.accountId),
    name: 'LEADER-1',
    isLeader: true,
  });
  followers.forEach((follower, index) => {
    directory.accounts.push({
      ...base,
      isFollower: true,
      ...follower.settings,
      id: follower.id,
      connectionId: follower.onLeaderUser ? ids.leaderConnection : ids.followerConnection,
      externalId: String(follower.externalId),
      name: `FOLLOW-${index + 1}`,
    });
  });
  return directory;
}

/** The copy engine wired to the Tradovate adapter: leader on the leader's connection, followers on another user. */
export async function startEngine(
  world: World,
  followerAccountIds: number[],
  overrides: Partial<EngineAccount> = {},
): Promise<{ engine: CopyEngine; store: MemoryCopyStore }> {
  const directory = groupDirectory(
    world,
    { userId: 1, leaderId: 1, leaderConnection: 1, followerConnection: 2 },
    followerAccountIds.map((externalId, index) => ({ id: index + 2, externalId, settings: overrides })),
    new MemoryDirectory(world.adapter),
  );
  const store = new MemoryCopyStore();
  const engine = new CopyEngine({
    directory,
    store,
    notifier: { notify: () => undefined },
    settings: { mirrorSettleMs: 0, sendRetries: 2, sessionRetryMs: 300 },
  });
  await engine.start();
  return { engine, store };
}

export async function until(check: () => boolean, timeoutMs = 5_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** `until` for checks that must ask something first (a session's state, the database). */
export async function untilAsync(
  check: () => Promise<boolean>,
  timeoutMs: number,
  what: string | (() => string),
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline)
      throw new Error(`Timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await sleep(20);
  }
}
