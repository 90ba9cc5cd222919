import { CopyEngine } from '../../../src/copier/engine/engine';
import { MemoryDirectory } from '../../../src/copier/engine/memory-directory';
import { MemoryCopyStore } from '../../../src/copier/engine/memory-store';
import { DEFAULT_RISK, type EngineAccount } from '../../../src/copier/engine/types';
import { sleep, type World } from './world';

/** The copy engine wired to the Tradovate adapter: leader on the leader's connection, followers on another user. */
export async function startEngine(
  world: World,
  followerAccountIds: number[],
  overrides: Partial<EngineAccount> = {},
): Promise<{ engine: CopyEngine; store: MemoryCopyStore }> {
  const directory = new MemoryDirectory(world.adapter);
  const leaderToken = world.fake.control.issueToken(world.leader.userId);
  const followerToken = world.fake.control.issueToken(world.follower.userId);
  directory.addConnection(1, {
    accessToken: leaderToken.accessToken,
    expiresAt: leaderToken.expiresAt,
    brokerUserId: String(world.leader.userId),
  });
  directory.addConnection(2, {
    accessToken: followerToken.accessToken,
    expiresAt: followerToken.expiresAt,
    brokerUserId: String(world.follower.userId),
  });
  const base = {
    userId: 1,
    ratio: 1,
    cross: false,
    autoSync: true,
    enabled: true,
    risk: { ...DEFAULT_RISK },
    isMaster: false,
    isFollower: false,
  };
  directory.accounts.push({
    ...base,
    id: 1,
    connectionId: 1,
    externalId: String(world.leader.accountId),
    name: 'LEADER-1',
    isMaster: true,
  });
  followerAccountIds.forEach((externalId, index) => {
    directory.accounts.push({
      ...base,
      ...overrides,
      id: index + 2,
      connectionId: 2,
      externalId: String(externalId),
      name: `FOLLOW-${index + 1}`,
      isFollower: true,
    });
  });
  const store = new MemoryCopyStore();
  const engine = new CopyEngine({
    directory,
    store,
    notifier: { notify: () => undefined },
    settings: { mirrorSettleMs: 0, sendRetries: 2 },
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
