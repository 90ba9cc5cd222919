import { hasAtMostTwoDecimals, wholeCentsMessage } from '@synctrade/api/validation';
import { presetById } from './presets';
import type { PropRules } from './types';
import { isKnownZone } from './zone-calc';

/**
 * What the wire schema cannot say about a rule set (types and ranges are checked there): known time zones,
 * money in whole cents, a buffer inside the drawdown, a preset of the chosen firm. Returns the first problem, or null.
 */
export function ruleProblem(rules: PropRules): string | null {
  const zones: Array<[string, string]> = [
    ['dayStart.zone', rules.dayStart.zone],
    ['flatBy.deadline.zone', rules.flatBy.deadline.zone],
    ['flatBy.reopen.zone', rules.flatBy.reopen.zone],
  ];
  for (const [field, zone] of zones)
    if (!isKnownZone(zone)) return `${field} is not a known time zone: ${zone}`;
  if (rules.preset !== 'custom') {
    const preset = presetById(rules.preset);
    if (preset === undefined) return `preset ${rules.preset} does not exist; use custom`;
    if (preset.firm !== rules.firm) return `preset ${rules.preset} belongs to another firm`;
  } else if (rules.firm === 'custom') {
    // Custom rules of no firm: fine.
  }
  const dd = rules.drawdown;
  const money: Array<[string, number | null]> = [
    ['drawdown.amount', dd.amount],
    ['drawdown.startingBalance', dd.startingBalance],
    ['drawdown.lockAt', dd.lockAt],
    ['drawdown.buffer', dd.buffer],
    ['dailyLoss.amount', rules.dailyLoss.amount],
    ['dailyProfit.amount', rules.dailyProfit.amount],
  ];
  for (const [field, amount] of money)
    if (amount !== null && !hasAtMostTwoDecimals(amount)) return wholeCentsMessage(field);
  if (dd.enabled) {
    if (dd.amount <= 0) return 'drawdown.amount must be greater than 0';
    if (dd.buffer >= dd.amount) return 'drawdown.buffer must be smaller than drawdown.amount';
    if (dd.lockAt !== null && dd.lockAt < dd.startingBalance - dd.amount)
      return 'drawdown.lockAt must not be below the first floor (startingBalance - amount)';
  }
  if (rules.dailyLoss.enabled && rules.dailyLoss.amount <= 0)
    return 'dailyLoss.amount must be greater than 0';
  if (rules.dailyProfit.enabled && rules.dailyProfit.amount <= 0)
    return 'dailyProfit.amount must be greater than 0';
  return null;
}
