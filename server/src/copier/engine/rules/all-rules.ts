import type { BalanceReading, ReadingVerdict, RuleGuard } from '../ports';
import type { PlanBounds } from '../types';

/**
 * A follower's rules as the one guard the engine asks (built once, the follower's own limits first, then the
 * firm's). Bounds: the tightest of each. Gate: the smallest quantity, with the reason of the first rule that allows
 * only that much. Reading: each rule in turn; a rule that stops the follower makes the later ones see it stopped (the
 * engine stops it before anything else happens), one close-out per reading (the first), the first leader breach.
 */
export function allRules(first: RuleGuard, ...rest: readonly RuleGuard[]): RuleGuard {
  const members = [first, ...rest];
  return {
    prepare: async (userId) => {
      await Promise.all(members.map((member) => member.prepare(userId)));
    },
    boundsOf: (account) =>
      rest.reduce((bounds, member) => tightest(bounds, member.boundsOf(account)), first.boundsOf(account)),
    gate: (order, view) => {
      let answer = first.gate(order, view);
      for (const member of rest) {
        const next = member.gate(order, view);
        if (next.qty < answer.qty) answer = next;
      }
      return answer;
    },
    onReading: (reading) => readAll(members, reading),
    onDeadline: (listener) => {
      for (const member of members) member.onDeadline?.(listener);
    },
    leaderBreach: (userId, leaderId) => {
      for (const member of members) {
        const breach = member.leaderBreach?.(userId, leaderId) ?? null;
        if (breach !== null) return breach;
      }
      return null;
    },
  };
}

function tightest(a: PlanBounds, b: PlanBounds): PlanBounds {
  return {
    maxContractsPerOrder: Math.min(a.maxContractsPerOrder, b.maxContractsPerOrder),
    maxNetPosition: Math.min(a.maxNetPosition, b.maxNetPosition),
  };
}

function readAll(members: readonly RuleGuard[], reading: BalanceReading): ReadingVerdict {
  let seen = reading;
  let flatten: ReadingVerdict['flatten'] = null;
  let leaderBreach: string | null = null;
  for (const member of members) {
    const verdict = member.onReading(seen);
    leaderBreach ??= verdict.leaderBreach;
    if (verdict.flatten === null || flatten !== null) continue;
    flatten = verdict.flatten;
    if (flatten.stopFollowing) seen = { ...seen, follows: false, state: 'risk_stopped' };
  }
  return { flatten, leaderBreach };
}
