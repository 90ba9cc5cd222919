import { rootOf } from '@synctrade/market';
import type { NewsKind, PropRules } from '../types';

const MINUTE = 60_000;

/** One scheduled release. */
export interface NewsEvent {
  kind: NewsKind;
  /** Epoch ms of the release. */
  time: number;
  title: string;
  /** Contract roots it concerns; absent: every contract. */
  roots?: readonly string[];
}

export interface Blackout {
  event: NewsEvent;
  /** First blocked ms. */
  start: number;
  /** First ms allowed again: the window is [start, end). */
  end: number;
}

function concerns(event: NewsEvent, symbol: string | null): boolean {
  if (event.roots === undefined || symbol === null) return true;
  const root = rootOf(symbol);
  return root !== undefined && event.roots.includes(root);
}

function windowOf(rules: PropRules['news'], event: NewsEvent): Blackout {
  return {
    event,
    start: event.time - rules.minutesBefore * MINUTE,
    end: event.time + rules.minutesAfter * MINUTE,
  };
}

/** The blackout `now` falls in for this contract, if any (entries are refused; exits always pass). */
export function activeBlackout(
  rules: PropRules['news'],
  events: readonly NewsEvent[],
  now: number,
  symbol: string,
): Blackout | null {
  if (!rules.enabled) return null;
  for (const event of events) {
    if (!rules.kinds.includes(event.kind) || !concerns(event, symbol)) continue;
    const window = windowOf(rules, event);
    if (window.start <= now && now < window.end) return window;
  }
  return null;
}

/** The current or next blackout for any contract (null symbol) or one contract. */
export function nextBlackout(
  rules: PropRules['news'],
  events: readonly NewsEvent[],
  now: number,
  symbol: string | null = null,
): Blackout | null {
  if (!rules.enabled) return null;
  let best: Blackout | null = null;
  for (const event of events) {
    if (!rules.kinds.includes(event.kind) || !concerns(event, symbol)) continue;
    const window = windowOf(rules, event);
    if (window.end > now && (best === null || window.start < best.start)) best = window;
  }
  return best;
}
