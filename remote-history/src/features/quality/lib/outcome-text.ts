import type { FollowerOutcome } from '@synctrade/api';

const KIND: Record<FollowerOutcome['outcome'], string> = {
  filled: 'Filled',
  partly_filled: 'Partly filled',
  rejected: 'Rejected',
  skipped: 'Skipped',
  superseded: 'Superseded',
  waiting: 'Waiting',
};

function signedTicks(ticks: number): string {
  const rounded = Math.round(ticks * 100) / 100;
  return `${rounded > 0 ? '+' : ''}${rounded} tick${Math.abs(rounded) === 1 ? '' : 's'}`;
}

/** One follower's outcome in plain words: "Filled 2 @ 6,001.25 · 120 ms · +1 tick", "Skipped: Max net position (1) reached". */
export function outcomeText(outcome: FollowerOutcome, price: (value: number) => string): string {
  const kind = KIND[outcome.outcome];
  if (outcome.outcome === 'filled' || outcome.outcome === 'partly_filled') {
    const parts = [
      `${kind} ${outcome.filled_qty}${outcome.outcome === 'partly_filled' ? ` of ${outcome.qty}` : ''}` +
        (outcome.fill_price === null ? '' : ` @ ${price(outcome.fill_price)}`),
    ];
    if (outcome.delay_ms !== null) parts.push(`${Math.round(outcome.delay_ms)} ms`);
    if (outcome.slippage_ticks !== null) parts.push(signedTicks(outcome.slippage_ticks));
    return parts.join(' · ');
  }
  return outcome.reason ? `${kind}: ${outcome.reason}` : kind;
}

export { KIND as OUTCOME_LABEL };
