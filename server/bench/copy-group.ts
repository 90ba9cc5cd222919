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

/** One trader's leader: the session that trades it at the venue, as the trader's own platform would. */
export interface BenchLeader {
  userId: number;
  accountId: number;
  externalId: string;
  trader: PaperSession;
}

export interface BenchDesk {
  engine: CopyEngine;
  venue: PaperVenue;
  leaders: BenchLeader[];
  accounts: EngineAccount[];
}

/**
 * `traders` traders on one engine and one paper venue, each with one leader and `followers` followers, spread over
 * logins of 25 accounts each (a trader's accounts never share a login with another trader's).
 */
export async function buildDesk(traders: number, followers: number, store: CopyStore): Promise<BenchDesk> {
  const venue = new PaperVenue({ seed: 1, tickMs: null, recordCommands: false, eventHistory: 0 });
  const adapter = createPaperAdapter({
    publicUrl: 'http://localhost',
    venue,
    authorizations: new PaperAuthorizations(),
  });
  const directory = new MemoryDirectory(adapter);
  const perTrader = followers + 1;
  let connectionId = 0;
  for (let t = 0; t < traders; t += 1) {
    for (let index = 0; index < perTrader; index += 1) {
      if (index % ACCOUNTS_PER_LOGIN === 0) {
        connectionId += 1;
        venue.ensureAccounts(loginOf(connectionId), ACCOUNTS_PER_LOGIN);
        directory.addConnection(connectionId, { accessToken: credentialsOf(connectionId) });
      }
      directory.accounts.push({
        id: directory.accounts.length + 1,
        userId: USER_ID + t,
        connectionId,
        externalId: `${loginOf(connectionId)}${(index % ACCOUNTS_PER_LOGIN) + 1}`,
        name: `Account ${directory.accounts.length + 1}`,
        isLeader: index === 0,
        isFollower: index > 0,
        ratio: 1,
        cross: false,
        autoSync: true,
        enabled: true,
        risk: { ...DEFAULT_RISK, maxNetPosition: 1_000 },
      });
    }
  }
  const engine = new CopyEngine({
    directory,
    store,
    notifier: { notify: () => undefined },
    settings: { mirrorSettleMs: 0, sendRetries: 2 },
  });
  await engine.start();
  const leaders: BenchLeader[] = [];
  for (const account of directory.accounts.filter((a) => a.isLeader)) {
    const trader = (await adapter.openSession({
      connectionId: 0,
      environment: 'demo',
      credentials: { accessToken: credentialsOf(account.connectionId) },
    })) as PaperSession;
    leaders.push({ userId: account.userId, accountId: account.id, externalId: account.externalId, trader });
  }
  return { engine, venue, leaders, accounts: directory.accounts };
}

/** One leader and `followers` followers of user `USER_ID` (the closed-loop bench's group). */
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
  const desk = await buildDesk(1, followers, store);
  const leader = desk.leaders[0];
  if (leader === undefined) throw new Error('The bench group has no leader');
  return { ...desk, trader: leader.trader, leaderExternalId: leader.externalId };
}

function loginOf(connectionId: number): string {
  return String(100_000 + connectionId);
}

function credentialsOf(connectionId: number): string {
  return `sim:${loginOf(connectionId)}:${ACCOUNTS_PER_LOGIN}`;
}
