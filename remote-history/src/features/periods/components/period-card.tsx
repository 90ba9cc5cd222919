import type React from 'react';
import styled from 'styled-components';
import { Button, Card, formatPercent, formatRatio } from '@synctrade/ui';
import { Money } from '../../history';
import type { TradeSummary } from '../../stats';

const Stats = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
  margin: ${({ theme }) => `${theme.space(3)} 0`};
  dd {
    margin: 0;
    text-align: right;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
`;

const Title = styled.h2`
  margin: 0;
  font-size: 16px;
`;

/** One day's (or week's) results from its trades. */
export function PeriodCard({
  title,
  summary: s,
  onJournal,
}: {
  title: string;
  summary: TradeSummary;
  onJournal(): void;
}): React.JSX.Element {
  return (
    <Card as="article" aria-label={title}>
      <Title>{title}</Title>
      <Stats>
        <dt>P&amp;L</dt>
        <dd>
          <Money value={s.netPnl} />
        </dd>
        <dt>Trades</dt>
        <dd>{s.trades}</dd>
        <dt>Win rate</dt>
        {/* Breakeven trades count neither way: say so, or 100 % would read as every trade won. */}
        <dd>
          {formatPercent(s.winRate)}
          {s.scratches > 0 && ` · ${s.scratches} breakeven`}
        </dd>
        <dt>Wins</dt>
        <dd>{s.wins}</dd>
        <dt>Losses</dt>
        <dd>{s.losses}</dd>
        <dt>Profit Factor</dt>
        <dd>{formatRatio(s.profitFactor)}</dd>
        <dt>Total Contracts</dt>
        <dd>{s.contracts}</dd>
      </Stats>
      <Button
        type="button"
        $variant="secondary"
        $size="sm"
        aria-label={`Journal for ${title}`}
        onClick={onJournal}
      >
        Journal
      </Button>
    </Card>
  );
}
