import type React from 'react';
import styled from 'styled-components';
import type { FollowerThrottle } from '@synctrade/api';
import { useSecondsUntil } from '../hooks/use-seconds-until';
import { Badge } from './desk-styles';

const Line = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => `${theme.space(0.5)} ${theme.space(1)}`};
  font-weight: 400;
  font-variant-numeric: tabular-nums;
`;

const Banner = styled.p`
  margin: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border: 1px solid ${({ theme }) => theme.color.warning};
  border-radius: ${({ theme }) => theme.radius.md};
  font-size: 13px;
  strong {
    color: ${({ theme }) => theme.color.warning};
  }
`;

/** The row's pace warning folds to one word-sized line; the arithmetic opens on demand (and shows above the table). */
const Warning = styled.details`
  font-weight: 400;
  summary {
    cursor: pointer;
    color: ${({ theme }) => theme.color.warning};
    font-weight: 600;
  }
  p {
    margin: ${({ theme }) => theme.space(1)} 0 0;
  }
`;

/** A signed quantity as the trader reads a position: +33, −24 (a true minus sign), 0. */
export function formatSignedQty(qty: number): string {
  if (qty > 0) return `+${qty}`;
  if (qty < 0) return `\u2212${Math.abs(qty)}`;
  return '0';
}

/** When the next request may go, counted down live; "now" once the time has come. */
function NextSend({ at }: { at: string | null }): React.JSX.Element {
  const seconds = useSecondsUntil(at);
  if (seconds === null) return <span>next send when the limit allows</span>;
  return <span>{seconds > 0 ? `next send in ${seconds} s` : 'next send now'}</span>;
}

/**
 * A follower waiting on its broker login's request limit: what is queued, when the next request can go, and
 * the position it is converging to (leader × ratio) beside the position it holds. Text, not colour only.
 */
export function ThrottleNote({ throttle }: { throttle: FollowerThrottle }): React.JSX.Element {
  return (
    <>
      <Badge $tone="warning">Broker limit {throttle.limit_per_minute}/min</Badge>
      <Line>
        <span>{throttle.queued} queued</span>
        <span aria-hidden="true">·</span>
        <NextSend at={throttle.next_send_at} />
        <span aria-hidden="true">·</span>
        <span>
          converging to {formatSignedQty(throttle.target_qty)}, now {formatSignedQty(throttle.position)}
        </span>
      </Line>
    </>
  );
}

/** The row's pace warning: the leader trades faster than this login's budget can copy. */
export function PaceWarning({ text }: { text: string }): React.JSX.Element {
  return (
    <Warning>
      <summary>Pace warning</summary>
      <p>{text}</p>
    </Warning>
  );
}

/** Once above the table when any follower has a pace warning: how many, and each distinct warning's arithmetic. */
export function PaceBanner({ followers, texts }: { followers: number; texts: string[] }): React.JSX.Element {
  return (
    <Banner role="status">
      <strong>Pace warning</strong> on {followers} {followers === 1 ? 'follower' : 'followers'}: the leader is
      trading faster than their broker login&apos;s request limit can copy. {texts.join(' ')}
    </Banner>
  );
}
