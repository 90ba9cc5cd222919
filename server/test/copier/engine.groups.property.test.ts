import fc from 'fast-check';
import { frontMonth } from '@synctrade/market';
import { PaperAuthorizations } from '../../src/brokers/paper/authorizations';
import { createPaperAdapter } from '../../src/brokers/paper/adapter';
import type { PaperSession } from '../../src/brokers/paper/session';
import { PaperVenue } from '../../src/brokers/paper/venue';
import { CopyEngine } from '../../src/copier/engine/engine';
import { MemoryDirectory } from '../../src/copier/engine/memory-directory';
import { MemoryCopyStore } from '../../src/copier/engine/memory-store';
import type { RuleGuard } from '../../src/copier/engine/ports';
import { DEFAULT_RISK } from '../../src/copier/engine/types';
import { EngineGuard, FirmRuleGuard } from '../../src/propfirm/engine-port';
import { MemorySource, rulesOf } from '../propfirm/support/memory-source';
import { expectedFollowerPosition } from '../support/expected-position';
import { engineAccount } from './support/engine-account';

const ES = frontMonth('ES');
const USER = 1;
const LOGINS = ['111111', '222222', '333333'] as const;
const RUNS = Number(process.env.COPIER_GROUP_RUNS ?? (process.env.TEST_DB === 'postgres' ? 40 : 150));

/**
 * One trader's copy groups, each leader and follower on one of three logins: every login holds accounts of
 * several groups (followers of different groups share a login and its request budget).
 */
interface Member {
  id: number;
  login: number;
  slot: number;
}
interface GroupSpec {
  groupId: number;
  leader: Member;
  followers: Array<Member & { ratio: number }>;
}

function layout(groupCount: number, ratios: number[][]): GroupSpec[] {
  const slots = [2, 2, 2];
  let nextId = 1;
  const member = (login: number): Member => {
    const slot = slots[login]!;
    slots[login] = slot + 1;
    return { id: nextId++, login, slot };
  };
  return Array.from({ length: groupCount }, (_, g) => ({
    groupId: 10 * (g + 1),
    leader: member(g % 3),
    // Each follower on a login other than its leader's, rotating, so the logins mix groups.
    followers: ratios[g]!.map((ratio, f) => ({ ...member((g + f + 1) % 3), ratio })),
  }));
}

type Act = { group: number; side: 'buy' | 'sell'; qty: number; gap: number };

async function turns(count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) await new Promise((resolve) => setImmediate(resolve));
}

/** One trader's groups on a fresh paper venue, the engine running, and a person on each login's platform. */
interface GroupsRig {
  store: MemoryCopyStore;
  engine: CopyEngine;
  position(member: Member): number;
  /** The leaders' market orders, each started `gap` event-loop turns after the last; resolves once settled. */
  trade(acts: readonly Act[]): Promise<void>;
  /** Every client order id the engine sent. */
  sent(): string[];
}

async function startGroups(groups: GroupSpec[], seed: number, guard?: RuleGuard): Promise<GroupsRig> {
  const venue = new PaperVenue({ seed, tickMs: null });
  const adapter = createPaperAdapter({
    publicUrl: 'http://localhost',
    venue,
    authorizations: new PaperAuthorizations(),
  });
  const directory = new MemoryDirectory(adapter);
  LOGINS.forEach((login, index) => {
    venue.ensureAccounts(login, 8);
    directory.addConnection(index + 1, { accessToken: `sim:${login}:8` });
  });
  const externalId = (m: Member): string => `${LOGINS[m.login]}${m.slot}`;
  for (const group of groups) {
    directory.accounts.push(
      engineAccount({
        id: group.leader.id,
        userId: USER,
        connectionId: group.leader.login + 1,
        externalId: externalId(group.leader),
        groupId: group.groupId,
        isLeader: true,
      }),
    );
    for (const follower of group.followers)
      directory.accounts.push(
        engineAccount({
          id: follower.id,
          userId: USER,
          connectionId: follower.login + 1,
          externalId: externalId(follower),
          groupId: group.groupId,
          isFollower: true,
          ratio: follower.ratio,
          risk: { ...DEFAULT_RISK },
        }),
      );
  }
  const store = new MemoryCopyStore();
  const engine = new CopyEngine({
    directory,
    store,
    notifier: { notify: () => undefined },
    settings: { mirrorSettleMs: 0, copySettleMs: 0, autoSyncMs: 0 },
    ...(guard === undefined ? {} : { guard }),
  });
  await engine.start();
  const traders = await Promise.all(
    LOGINS.map(
      async (login, index) =>
        (await adapter.openSession({
          connectionId: 90 + index,
          environment: 'demo',
          credentials: { accessToken: `sim:${login}:8` },
        })) as PaperSession,
    ),
  );
  return {
    store,
    engine,
    position: (m) => venue.account(externalId(m)).positions.get(ES)?.netPos ?? 0,
    async trade(acts) {
      const started: Array<Promise<unknown>> = [];
      for (const act of acts) {
        const leader = groups[act.group]!.leader;
        started.push(
          traders[leader.login]!.placeOrder({
            accountExternalId: externalId(leader),
            clientOrderId: '',
            symbol: ES,
            side: act.side,
            qty: act.qty,
            type: 'Market',
          }).catch(() => null),
        );
        await turns(act.gap);
      }
      await Promise.all(started);
      await engine.idle(USER);
    },
    sent: () => venue.received.map((command) => command.clientOrderId).filter((id) => id !== ''),
  };
}

describe('copy groups of one trader trading at once', () => {
  it(`when two or three groups of one trader trade at the same time, with followers of different groups on one login, then every follower ends at its own leader × ratio, no client order id is sent twice and no follower copies another group's leader (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 3 }).chain((groups) =>
          fc.tuple(
            fc.constant(groups),
            fc.array(fc.array(fc.constantFrom(0.5, 1, 1.5, 2, 3), { minLength: 1, maxLength: 3 }), {
              minLength: groups,
              maxLength: groups,
            }),
            fc.array(
              fc.record({
                group: fc.nat({ max: groups - 1 }),
                side: fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
                qty: fc.integer({ min: 1, max: 4 }),
                gap: fc.nat({ max: 2 }),
              }),
              { minLength: 3, maxLength: 25 },
            ),
          ),
        ),
        async ([groupCount, ratios, acts]: [number, number[][], Act[]]) => {
          const groups = layout(groupCount, ratios);
          const { store, engine, position, trade, sent: sentIds } = await startGroups(groups, 11);
          try {
            await trade(acts);
            for (const group of groups)
              for (const follower of group.followers)
                expect({ group: group.groupId, follower: follower.id, position: position(follower) }).toEqual(
                  {
                    group: group.groupId,
                    follower: follower.id,
                    position: expectedFollowerPosition(
                      position(group.leader),
                      follower.ratio,
                      DEFAULT_RISK.maxNetPosition,
                    ),
                  },
                );
            // Nothing needed a correction: every copy went for its own leader's fills.
            const sent = sentIds();
            expect(sent.filter((id) => id.startsWith('st.s'))).toEqual([]);
            expect(sent.length - new Set(sent).size).toBe(0);
            // Every copy is keyed by its own leader's event: a follower never gets another group's leader's copy.
            for (const group of groups) {
              const others = groups.filter((other) => other !== group).map((other) => other.leader.id);
              const own = new Set(group.followers.map((follower) => follower.id));
              const crossed = [...store.intents.values()].filter(
                (intent) =>
                  own.has(intent.accountId) && others.some((id) => intent.eventKey.startsWith(`f${id}-`)),
              );
              expect(crossed).toEqual([]);
            }
          } finally {
            await engine.stop();
          }
        },
      ),
      { numRuns: RUNS },
    );
  }, 600_000);

  it(`when two groups' followers are at one firm with its no-hedging rule and their leaders trade opposite ways at once, then no two followers end opposite on ES, each is at or short of its own leader × ratio on its side, and no client order id is sent twice (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            group: fc.nat({ max: 1 }),
            side: fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
            qty: fc.integer({ min: 1, max: 3 }),
            gap: fc.nat({ max: 2 }),
          }),
          { minLength: 3, maxLength: 20 },
        ),
        async (acts: Act[]) => {
          const groups = layout(2, [
            [1, 2],
            [1, 0.5],
          ]);
          // Every follower at one firm, whose only rule here is no hedging (refuse).
          const firm = rulesOf('topstep-combine-50k');
          for (const rule of [
            firm.drawdown,
            firm.dailyLoss,
            firm.dailyProfit,
            firm.flatBy,
            firm.news,
            firm.consistency,
          ])
            rule.enabled = false;
          firm.maxContracts.enabled = false;
          firm.hedging = { enabled: true, action: 'refuse' };
          const rules = new Map(groups.flatMap((group) => group.followers.map((f) => [f.id, firm] as const)));
          const {
            engine,
            position,
            trade,
            sent: sentIds,
          } = await startGroups(groups, 13, new FirmRuleGuard(new EngineGuard(new MemorySource(rules))));
          try {
            await trade(acts);
            await engine.autoSync(USER);
            await engine.idle(USER);
            const held = groups.flatMap((group) =>
              group.followers.map((follower) => ({
                follower: follower.id,
                position: position(follower),
                target: expectedFollowerPosition(
                  position(group.leader),
                  follower.ratio,
                  DEFAULT_RISK.maxNetPosition,
                ),
              })),
            );
            // Never opposite each other at the firm.
            expect(held.some((a) => a.position > 0) && held.some((b) => b.position < 0)).toBe(false);
            // At its own leader × ratio, or held back on the way there (never past it, never the other side).
            for (const { follower, position: has, target } of held)
              expect({ follower, ok: has * target >= 0 && Math.abs(has) <= Math.abs(target) }).toEqual({
                follower,
                ok: true,
              });
            const sent = sentIds();
            expect(sent.length - new Set(sent).size).toBe(0);
          } finally {
            await engine.stop();
          }
        },
      ),
      { numRuns: RUNS },
    );
  }, 600_000);
});
