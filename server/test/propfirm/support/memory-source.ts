import {
  buildCalendar,
  luxonZones,
  presetById,
  type GuardState,
  type PropRules,
} from '../../../src/propfirm';
import type { GuardSource } from '../../../src/propfirm/engine-port';
import type { UserRules } from '../../../src/propfirm/service/prop-guard';

/** A preset's rules, to edit in a test. */
export function rulesOf(id: string): PropRules {
  const preset = presetById(id);
  if (preset === undefined) throw new Error(id);
  return structuredClone(preset.rules);
}

/** The guard's source in memory: rules as the user set them, states as the store would keep them, a set clock. */
export class MemorySource implements GuardSource {
  time: number;
  readonly zones = luxonZones;
  readonly saved = new Map<number, GuardState>();
  constructor(
    readonly rules: Map<number, PropRules>,
    start = Date.parse('2027-03-10T15:00:00Z'),
  ) {
    this.time = start;
  }
  now = (): number => this.time;
  async load(): Promise<UserRules> {
    return { rules: new Map(this.rules), states: new Map(this.saved), events: buildCalendar().events };
  }
  async saveState(accountId: number, state: GuardState): Promise<void> {
    this.saved.set(accountId, state);
  }

  /** What the guard told the trader about (the mail), in order. */
  readonly acted: Array<{ userId: number; accountId: number; reason: string }> = [];
  ruleActed(userId: number, accountId: number, reason: string): void {
    this.acted.push({ userId, accountId, reason });
  }

  /** Timers on the test's clock: they run when `advance` passes their time. */
  readonly timers: Array<{ due: number; run: () => void; canceled: boolean }> = [];
  after = (ms: number, run: () => void): (() => void) => {
    const timer = { due: this.time + ms, run, canceled: false };
    this.timers.push(timer);
    return () => {
      timer.canceled = true;
    };
  };
  /** Moves the clock to `to`, running every timer due by then (in order, those they arm included). */
  advance(to: number): void {
    for (;;) {
      const due = this.timers
        .filter((timer) => !timer.canceled && timer.due <= to)
        .sort((a, b) => a.due - b.due)[0];
      if (due === undefined) break;
      due.canceled = true;
      this.time = Math.max(this.time, due.due);
      due.run();
    }
    this.time = to;
  }
}
