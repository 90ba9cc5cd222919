import type { PropRules } from '../types';
import type { ZoneCalc } from '../zone-calc';

const MINUTE = 60_000;

export interface FlatByStatus {
  /** Entries refused and positions flattened: from minutes-before the deadline until the session reopens. */
  blocked: boolean;
  /** When the current or next window starts (epoch ms). */
  windowStart: number;
  /** When entries are accepted again after the current or next window. */
  reopensAt: number;
}

/** Where `now` stands against the firm's flat-by deadline. */
export function flatByStatus(zones: ZoneCalc, rules: PropRules['flatBy'], now: number): FlatByStatus {
  const lead = Math.max(0, rules.minutesBefore) * MINUTE;
  // The latest deadline whose window has started (its start is at or before now).
  const deadline = zones.lastAtOrBefore(now + lead, rules.deadline);
  const reopensAt = zones.nextAfter(deadline, rules.reopen);
  if (rules.enabled && now < reopensAt) return { blocked: true, windowStart: deadline - lead, reopensAt };
  const next = zones.nextAfter(now + lead, rules.deadline);
  return { blocked: false, windowStart: next - lead, reopensAt: zones.nextAfter(next, rules.reopen) };
}

/** Whole minutes until the next flat-by window starts (0 inside one), or null when the rule is off. */
export function minutesToFlatBy(zones: ZoneCalc, rules: PropRules['flatBy'], now: number): number | null {
  if (!rules.enabled) return null;
  const status = flatByStatus(zones, rules, now);
  return status.blocked ? 0 : Math.floor((status.windowStart - now) / MINUTE);
}
