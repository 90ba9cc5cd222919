import {
  planBalance,
  type BalanceInput,
  type GroupWeight,
  type NodeLoad,
} from '../../src/cluster/balance-plan';

const NO_CAP = Number.MAX_SAFE_INTEGER;
const node = (nodeId: string, sessions: number, maxSessions = NO_CAP, draining = false): NodeLoad => ({
  nodeId,
  sessions,
  maxSessions,
  draining,
});
const groups = (...weights: number[]): GroupWeight[] =>
  weights.map((sessions, index) => ({ userId: index + 1, sessions }));

function plan(input: Partial<BalanceInput> & Pick<BalanceInput, 'nodes'>): ReturnType<typeof planBalance> {
  return planBalance({
    nodeId: 'a',
    draining: false,
    owned: [],
    free: [],
    totalSessions: 0,
    maxGroups: NO_CAP,
    maxSessions: NO_CAP,
    ...input,
  });
}

test('a node takes free groups up to an even share of the sessions, not of the groups', () => {
  // 12 sessions over 3 nodes: 4 each. Groups of 3, 1, 2, 2, 4 sessions: a takes 3 + 1, then nothing fits.
  const step = plan({
    nodes: [node('a', 0), node('b', 0), node('c', 0)],
    free: groups(3, 1, 2, 2, 4),
    totalSessions: 12,
  });
  expect(step).toEqual({ kind: 'take', userIds: [1, 2] });
  // b already holds 4: it takes nothing past the share.
  expect(
    plan({
      nodeId: 'b',
      nodes: [node('a', 4), node('b', 0), node('c', 0)],
      owned: groups(4),
      free: [
        { userId: 8, sessions: 2 },
        { userId: 9, sessions: 2 },
      ],
      totalSessions: 12,
    }),
  ).toEqual({ kind: 'stay' });
});

test('a group too big for any share is still taken, by the least loaded node only', () => {
  // 2 nodes, 10 sessions: share 5. a holds 4, b holds 3; the free group of 3 fits nobody's share.
  const free = [{ userId: 9, sessions: 3 }];
  expect(
    plan({ nodeId: 'a', nodes: [node('a', 4), node('b', 3)], owned: groups(4), free, totalSessions: 10 }),
  ).toEqual({
    kind: 'stay',
  });
  expect(
    plan({
      nodeId: 'b',
      nodes: [node('a', 4), node('b', 3)],
      owned: [{ userId: 5, sessions: 3 }],
      free,
      totalSessions: 10,
    }),
  ).toEqual({ kind: 'take', userIds: [9] });
});

test('over the share, a node hands back the largest group that evens the load, and no move undoes another', () => {
  // a holds 9 sessions (5 + 3 + 1), b and c 2 each: share 5. Moving 5 to b (2 + 5 = 7 < 9) evens the load.
  const step = plan({
    nodes: [node('a', 9), node('b', 2), node('c', 2)],
    owned: groups(5, 3, 1),
    totalSessions: 13,
  });
  expect(step).toMatchObject({ kind: 'move-out', userId: 1 });
  // Then b holds 7 (2 + 5) and a 4: b would only move a group g with 4 + g < 7, so never the 5 back.
  expect(
    plan({
      nodeId: 'b',
      nodes: [node('a', 4), node('b', 7), node('c', 2)],
      owned: [
        { userId: 1, sessions: 5 },
        { userId: 7, sessions: 2 },
      ],
      totalSessions: 13,
    }),
  ).toMatchObject({ kind: 'move-out', userId: 7 });
  // One group of 6 sessions on a, others empty: moving it only moves the imbalance, so it stays.
  expect(plan({ nodes: [node('a', 6), node('b', 0)], owned: groups(6), totalSessions: 6 })).toEqual({
    kind: 'stay',
  });
});

test('a node never takes more sessions than its allowance, and hands back what exceeds it', () => {
  // 20 sessions, 2 nodes: share 10, but a's address carries 4.
  const step = plan({
    nodes: [node('a', 0), node('b', 0)],
    free: groups(2, 2, 2, 2, 2),
    totalSessions: 20,
    maxSessions: 4,
  });
  expect(step).toEqual({ kind: 'take', userIds: [1, 2] });
  // Even the least loaded node does not go past its allowance for a big group.
  expect(
    plan({
      nodes: [node('a', 0), node('b', 9)],
      free: [{ userId: 3, sessions: 5 }],
      totalSessions: 14,
      maxSessions: 4,
    }),
  ).toEqual({ kind: 'stay' });
  // Allowance lowered (or a user added connections): over it, the largest group goes back.
  expect(
    plan({ nodes: [node('a', 6), node('b', 0)], owned: groups(1, 5), totalSessions: 6, maxSessions: 4 }),
  ).toMatchObject({
    kind: 'move-out',
    userId: 2,
  });
  // A group is not handed to a node without room for it: b is at its allowance.
  expect(plan({ nodes: [node('a', 8), node('b', 2, 2)], owned: groups(4, 4), totalSessions: 10 })).toEqual({
    kind: 'stay',
  });
});

test('the group cap still holds, and a draining node hands everything back', () => {
  expect(
    plan({ nodes: [node('a', 0), node('b', 0)], free: groups(1, 1, 1, 1), totalSessions: 4, maxGroups: 1 }),
  ).toEqual({ kind: 'take', userIds: [1] });
  expect(
    plan({
      nodes: [node('a', 2, NO_CAP, true), node('b', 0)],
      owned: groups(1, 1),
      draining: true,
      totalSessions: 2,
    }),
  ).toMatchObject({
    kind: 'move-out',
    userId: 1,
  });
  // A draining node is not counted in the share: b alone gets all 4 sessions.
  expect(
    plan({
      nodeId: 'b',
      nodes: [node('a', 4, NO_CAP, true), node('b', 0)],
      free: groups(1, 1, 1, 1),
      totalSessions: 4,
    }),
  ).toEqual({ kind: 'take', userIds: [1, 2, 3, 4] });
});
