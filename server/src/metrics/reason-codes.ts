import { SUPERSEDED } from '../copier/engine/converge-plan';

/**
 * Why a copy did not reach the broker, or the broker refused it, as one of a fixed set of codes: the reasons the
 * engine stores are text (a rule's words, the broker's message), and a metric label must never be free text.
 */
export const REASON_CODES = [
  'broker_rejected',
  'refused',
  'not_connected',
  'follower_disabled',
  'superseded',
  'leader_order_ended',
  'outcome_unknown',
  'part_before_unsent',
  'skipped',
] as const;

export type ReasonCode = (typeof REASON_CODES)[number];

/** The engine's own wordings, by their stable beginnings. */
const BY_PREFIX: ReadonlyArray<readonly [string, ReasonCode]> = [
  ['The broker is not connected', 'not_connected'],
  ['Not sent: the follower was disabled', 'follower_disabled'],
  ['Not sent: the order before it', 'part_before_unsent'],
  ["Not sent: the leader's order was", 'leader_order_ended'],
  [SUPERSEDED, 'superseded'],
  ['Outcome unknown', 'outcome_unknown'],
];

/**
 * A copy that ended rejected or canceled: the engine's own wordings map to their code; a rejection the broker
 * answered with an order is `broker_rejected`; any other text (a rule at send time, a broker error) is `refused`.
 */
export function reasonCodeOf(reason: string | null, brokerAnswered: boolean): ReasonCode {
  const text = reason ?? '';
  for (const [prefix, code] of BY_PREFIX) if (text.startsWith(prefix)) return code;
  return brokerAnswered ? 'broker_rejected' : 'refused';
}
