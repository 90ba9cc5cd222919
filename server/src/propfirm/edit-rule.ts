import type { PropRuleField } from '@synctrade/api/validation';
import type { PropRules } from './types';

/**
 * Fields whose change makes the account's memory wrong (the first high-water mark): the memory starts afresh.
 * Any other value (max contracts, a limit, a window) applies to the memory as it is.
 */
const RESETS_MEMORY: ReadonlySet<PropRuleField> = new Set(['drawdown.startingBalance']);

export function resetsMemory(field: PropRuleField): boolean {
  return RESETS_MEMORY.has(field);
}

/** The rules with one value changed (a copy: the rules held by the guard are never changed in place). */
export function withRuleValue(rules: PropRules, field: PropRuleField, value: number): PropRules {
  const [group, key] = field.split('.') as [keyof PropRules, string];
  const part = rules[group] as unknown as Record<string, unknown>;
  return { ...rules, [group]: { ...part, [key]: value } };
}
