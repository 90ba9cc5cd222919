import {
  buildCalendar,
  luxonZones,
  presetById,
  type GuardState,
  type PropRules,
} from '../../../src/propfirm';
import type { GuardSource } from '../../../src/propfirm/engine-guard';
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
}
