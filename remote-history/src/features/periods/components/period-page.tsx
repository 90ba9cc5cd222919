import type React from 'react';
import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { EMPTY } from '@synctrade/api';
import {
  Button,
  EmptyState,
  ErrorPanel,
  formatDayLabel,
  formatShortDate,
  Muted,
  Page,
  PageHeader,
  Row,
  Spinner,
} from '@synctrade/ui';
import { rangeDescription, RangePicker, useHistoryLoad, useHistoryStore } from '../../history';
import { DayJournalDialog } from '../../journal';
import { dayKey, groupByPeriod, localDateKey, type PeriodKind } from '../../stats';
import { PeriodCard } from './period-card';

/** Cards rendered at first; more on request, so years of history stay quick. */
export const CARDS_PER_STEP = 60;

const Grid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  grid-template-columns: repeat(auto-fill, minmax(240px, 1fr));
`;

function weekTitle(monday: string): string {
  const [y, m, d] = monday.split('-').map(Number) as [number, number, number];
  return `Week of ${formatShortDate(monday)} – ${formatShortDate(localDateKey(new Date(y, m - 1, d + 6)))}`;
}

/** The first and last day the trades closed on, or null without trades. */
function tradeSpan(trades: readonly { exit_time: string }[]): [string, string] | null {
  let first: string | null = null;
  let last: string | null = null;
  for (const trade of trades) {
    if (first === null || trade.exit_time < first) first = trade.exit_time;
    if (last === null || trade.exit_time > last) last = trade.exit_time;
  }
  return first && last ? [dayKey(first), dayKey(last)] : null;
}

/** /trade-history/daily and /weekly: one card per day or week of the chosen range, newest first. */
export function PeriodPage({ kind }: { kind: PeriodKind }): React.JSX.Element {
  useHistoryLoad();
  const trades = useHistoryStore((s) => s.trades);
  const status = useHistoryStore((s) => s.status);
  const error = useHistoryStore((s) => s.error);
  const range = useHistoryStore((s) => s.range);
  const load = useHistoryStore((s) => s.load);
  const dayJournals = useHistoryStore((s) => s.dayJournals);
  const saveDayJournal = useHistoryStore((s) => s.saveDayJournal);
  const groups = useMemo(() => groupByPeriod(trades, kind), [trades, kind]);
  const [shown, setShown] = useState(CARDS_PER_STEP);
  // All Time names no dates: the label shows the span the trades actually cover instead.
  const span = useMemo(() => (range.kind === 'all' ? tradeSpan(trades) : null), [range.kind, trades]);
  const label = span ? `${formatShortDate(span[0])} – ${formatShortDate(span[1])}` : rangeDescription(range);
  const [journalDays, setJournalDays] = useState<string[] | null>(null);

  const openJournal = (group: (typeof groups)[number]): void => {
    const days = [...new Set(group.trades.map((t) => dayKey(t.exit_time)))].sort();
    setJournalDays(days);
  };

  return (
    <Page>
      <PageHeader>
        <div>
          <h1>{kind === 'day' ? 'Daily' : 'Weekly'}</h1>
          <Muted>{label}</Muted>
        </div>
        <Row>
          <RangePicker />
        </Row>
      </PageHeader>
      {status === 'loading' ? (
        <Spinner label="Loading trade history" />
      ) : status === 'error' ? (
        <ErrorPanel title="Trade history" message={error ?? ''} onRetry={() => void load()} />
      ) : groups.length === 0 ? (
        <EmptyState title={EMPTY.noTradesYet} />
      ) : (
        <>
          <Grid>
            {groups.slice(0, shown).map((group) => {
              const title = kind === 'day' ? formatDayLabel(group.key) : weekTitle(group.key);
              return (
                <PeriodCard
                  key={group.key}
                  title={title}
                  group={group}
                  onJournal={() => openJournal(group)}
                />
              );
            })}
          </Grid>
          {groups.length > shown && (
            <Row style={{ justifyContent: 'center' }}>
              <Button type="button" $variant="secondary" onClick={() => setShown(shown + CARDS_PER_STEP)}>
                Show more
              </Button>
            </Row>
          )}
        </>
      )}
      {journalDays && (
        <DayJournalDialog
          days={journalDays}
          notes={dayJournals}
          onSave={saveDayJournal}
          onClose={() => setJournalDays(null)}
        />
      )}
    </Page>
  );
}
