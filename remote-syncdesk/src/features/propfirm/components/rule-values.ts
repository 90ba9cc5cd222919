import {
  PROP_RULE_FIELDS,
  PROP_RULE_FIELD_NAMES,
  type PropRuleField,
  type PropRuleFieldSpec,
} from '@synctrade/api/validation';
import type { PropRules } from '@synctrade/api';

export { PROP_RULE_FIELDS, PROP_RULE_FIELD_NAMES, type PropRuleField };

/** The value of one editable field, read from the account's rules. */
export function ruleValue(rules: PropRules, field: PropRuleField): number {
  const [group, key] = field.split('.') as [keyof PropRules, string];
  return (rules[group] as unknown as Record<string, number>)[key] ?? 0;
}

/** Whether the part of the rules a field belongs to is switched on (an off rule shows its value as off). */
export function ruleEnabled(rules: PropRules, field: PropRuleField): boolean {
  const [group] = field.split('.') as [keyof PropRules];
  const part = rules[group] as unknown as { enabled?: boolean };
  return part.enabled !== false;
}

/** The value as the trader reads it; a rule that is switched off says only "Off" (its numbers do nothing). */
export function ruleText(rules: PropRules, field: PropRuleField): string {
  if (!ruleEnabled(rules, field)) return 'Off';
  const spec: PropRuleFieldSpec = PROP_RULE_FIELDS[field];
  const value = ruleValue(rules, field);
  const text =
    spec.unit === 'usd'
      ? `$${value.toLocaleString('en-US', { maximumFractionDigits: 2 })}`
      : spec.unit === 'minutes'
        ? `${value} min`
        : spec.unit === 'percent'
          ? `${value} %`
          : String(value);
  return text;
}
