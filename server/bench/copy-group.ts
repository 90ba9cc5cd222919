import { PaperAuthorizations } from '../src/brokers/paper/authorizations';
import { createPaperAdapter } from '../src/brokers/paper/adapter';
import type { PaperSession } from '../src/brokers/paper/session';
import { PaperVenue } from '../src/brokers/paper/venue';
import { CopyEngine } from '../src/copier/engine/engine';
import { MemoryDirectory } from '../src/copier/engine/memory-directory';
import type { CopyStore } from '../src/copier/engine/ports';
import { DEFAULT_RISK, type EngineAccount } from '../src/copier/engine/types';

export const ACCOUNTS_PER_LOGIN = 25;
export const USER_ID = 1;

/** One leader and `followers` followers on the paper venue, spread over logins of 25 accounts each. */
export async function buildGroup(
  followers: number,
  store: CopyStore,
): Promise<{
  engine: CopyEngine;
  venue: PaperVenue;
  trader: PaperSession;
  leaderExternalId: string;
  accounts: EngineAccount[];
}> {
  const venue = new PaperVenue({ seed: 1, tickMs: null, recordCommands: false });
  const adapter = createPaperAdapter({
    publicUrl: 'http://localhost',
    venue,
    authorizations: new PaperAuthorizations(),
  });
  const directory = new MemoryDirectory(adapter);
  const total = followers + 1;
  for (let index = 0; index < total; index += 1) {
    const connectionId = Math.floor(index / ACCOUNTS_PER_LOGIN) + 1;
    const login = String(100_000 + connectionId);
    if (index % ACCOUNTS_PER_LOGIN === 0) {
      venue.ensureAccounts(login, ACCOUNTS_PER_LOGIN);
      directory.addConnection(connectionId, { accessToken: `sim:${login}:${ACCOUNTS_PER_LOGIN}` });
    }
    directory.accounts.push({
      id: index + 1,
      userId: USER_ID,
      connectionId,
      externalId: `${login}${(index % ACCOUNTS_PER_LOGIN) + 1}`,
      name: `Account ${index + 1}`,
      isLeader: index === 0,
      isFollower: index > 0,
      ratio: 1,
      cross: false,
      autoSync: true,
      enabled: true,
      risk: { ...DEFAULT_RISK, maxNetPosition: 1_000 },
    });
  }
  const engine = new CopyEngine({
    directory,
    store,
    notifier: { notify: () => undefined },
    settings: { mirrorSettleMs: 0, sendRetries: 2 },
  });
  await engine.start();
  const leaderExternalId = directory.accounts[0]?.externalId ?? '';
  const trader = (await adapter.openSession({
    connectionId: 0,
    environment: 'demo',
    credentials: { accessToken: `sim:100001:${ACCOUNTS_PER_LOGIN}` },
  })) as PaperSession;
  return { engine, venue, trader, leaderExternalId, accounts: directory.accounts };
}
