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
