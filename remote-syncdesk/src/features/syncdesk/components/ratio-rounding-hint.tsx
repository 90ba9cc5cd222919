import { contractsAtRatio } from '@synctrade/api/validation';
import type React from 'react';
import styled from 'styled-components';

const Hint = styled.small`
  display: block;
  font-size: 11px;
  line-height: 1.3;
  color: ${({ theme }) => theme.color.textMuted};
  white-space: normal;
`;

/** Leader positions the hint shows as examples. */
const EXAMPLES = [1, 2, 3];

export function isFractionalRatio(ratio: number): boolean {
  return Number.isFinite(ratio) && ratio > 0 && !Number.isInteger(ratio);
}

/**
 * Futures trade in whole contracts: with a fractional ratio the engine holds the follower at the leader's
 * position × ratio rounded to the nearest whole contract (halves up; see the copy engine's sizing rule), so
 * each order's size depends on what was rounded before. The desk says so with the first few positions.
 */
export function RatioRoundingHint({ ratio }: { ratio: number }): React.JSX.Element | null {
  if (!isFractionalRatio(ratio)) return null;
  const pairs = EXAMPLES.map((leader) => `${leader} → ${contractsAtRatio(leader, ratio)}`).join(', ');
  return (
    <Hint>
      <span className="sr-only">
        Fractional ratio: the follower holds the leader&apos;s position × {ratio}, rounded to whole contracts.
      </span>
      <span aria-hidden="true">Rounded: </span>
      {pairs}
    </Hint>
  );
}
