import { DEFAULT_RISK, type EngineAccount } from '../../../src/copier/engine/types';

/** An engine account for tests: a plain account with no role, ratio 1, auto-sync on, unless `fields` says otherwise. */
export function engineAccount(
  fields: Pick<EngineAccount, 'id' | 'userId' | 'connectionId'> & Partial<EngineAccount>,
): EngineAccount {
  return {
    externalId: `X${fields.id}`,
    name: `Account ${fields.id}`,
    isLeader: false,
    isFollower: false,
    ratio: 1,
    cross: false,
    autoSync: true,
    enabled: true,
    risk: { ...DEFAULT_RISK },
    ...fields,
  };
}

/** The follower the engine's unit examples use: account 7 of user 3 on connection 2, named Follower 1. */
export function followerOne(fields: Partial<EngineAccount> = {}): EngineAccount {
  return engineAccount({
    id: 7,
    userId: 3,
    connectionId: 2,
    externalId: 'F1',
    name: 'Follower 1',
    isFollower: true,
    ...fields,
  });
}
