import type React from 'react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Card, formatMoney, formatPercent, formatRatio, Muted } from '@synctrade/ui';
import { EMPTY } from '@synctrade/api';
import { useHistoryStats } from '../hooks/use-history';
import { CumulativeChart } from './cumulative-chart';
import { Money } from './money';

const Grid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
`;

const Title = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  font-size: 15px;
`;

const Big = styled.p`
  margin: 0;
  font-size: 26px;
  font-weight: 700;
`;

const Lines = styled.dl`
  margin: 0;
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
  dd {
    margin: 0;
    font-weight: 600;
    text-align: right;
  }
`;

function StatCard({
  title,
  empty,
  children,
}: {
  title: string;
  empty: boolean;
  children: ReactNode;
}): React.JSX.Element {
  return (
    <Card as="section" aria-label={title}>
      <Title>{title}</Title>
      {empty ? <Muted>{EMPTY.noTradesYet}</Muted> : children}
    </Card>
  );
}

/** P & L, Avg Win/Loss, Day Win % and the Daily Cumulative P&L chart, from the loaded trades. */
export function StatCards(): React.JSX.Element {
  const { summary, cumulative, dayWin } = useHistoryStats();
  const empty = summary.trades === 0;
  return (
    <Grid>
      <StatCard title="P & L" empty={empty}>
        <Big>
          <Money value={summary.netPnl} />
        </Big>
        <Muted>
          {summary.trades} {summary.trades === 1 ? 'trade' : 'trades'}
        </Muted>
      </StatCard>
      <StatCard title="Avg Win/Loss" empty={empty}>
        <Lines>
          <dt>Avg win</dt>
          <dd>{summary.averageWin === null ? '—' : <Money value={summary.averageWin} />}</dd>
          <dt>Avg loss</dt>
          <dd>{summary.averageLoss === null ? '—' : <Money value={summary.averageLoss} />}</dd>
          <dt>Win/loss ratio</dt>
          <dd>{formatRatio(summary.winLossRatio)}</dd>
        </Lines>
      </StatCard>
      <StatCard title="Day Win %" empty={empty}>
        <Big>{formatPercent(dayWin.rate)}</Big>
        <Muted>
          {dayWin.winningDays} of {dayWin.tradingDays} {dayWin.tradingDays === 1 ? 'day' : 'days'} won
        </Muted>
      </StatCard>
      <StatCard title="Daily Cumulative P&L" empty={empty}>
        <CumulativeChart points={cumulative} />
        <Muted>{cumulative.length ? formatMoney(cumulative[cumulative.length - 1]!.cumulative) : ''}</Muted>
      </StatCard>
    </Grid>
  );
}
