import type { RuleGuard } from '../ports';
import { QUIET } from './verdicts';

/**
 * The follower's own limits (its risk settings) as rules. The max contracts per order and the max net position
 * shape every plan (bigger moves go out in parts, targets are held within the position) instead of refusing orders
 * at the gate, so every order already fits them when it is gated. The daily loss limit stops a follower whose
 * realized + open P&L since 18:00 New York falls to minus the limit (reaching it counts; 0: off).
 */
export const ownLimits: RuleGuard = {
  prepare: () => Promise.resolve(),
  boundsOf: (account) => account.risk,
  gate: (order) => ({ qty: order.qty, reason: null }),
  onReading: ({ account, follows, state, snapshot }) => {
    const limit = account.risk.dailyLossLimit;
    // A follower the engine keeps no state for is not one it copies to (yet): nothing to stop.
    if (!follows || limit <= 0 || state === null || state === 'risk_stopped') return QUIET;
    const pnl = snapshot.realizedPnl + snapshot.openPnl;
    if (pnl > -limit) return QUIET;
    const reason = `Daily loss limit of $${limit.toLocaleString('en-US')} reached (day P&L $${pnl.toFixed(2)})`;
    return { flatten: { kind: 'risk_stop', reason, stopFollowing: true }, leaderBreach: null };
  },
};
