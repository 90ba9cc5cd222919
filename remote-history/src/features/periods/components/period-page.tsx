import type React from 'react';
import { useState } from 'react';
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
import {
  rangeDescription,
  RangePicker,
  ScopeNote,
  ScopePicker,
  usePagedHistoryLoad,
  useHistoryStore,
} from '../../history';
import { DayJournalDialog } from '../../journal';
import { localDateKey, type PeriodKind } from '../../stats';
import { usePeriods } from '../hooks/use-periods';
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

/** /trade-history/daily and /weekly: one card per day or week of the chosen range, newest first. */
export function PeriodPage({ kind }: { kind: PeriodKind }): React.JSX.Element {
  usePagedHistoryLoad();
  const { periods, span } = usePeriods(kind);
  const status = useHistoryStore((s) => s.status);
  const error = useHistoryStore((s) => s.error);
  const range = useHistoryStore((s) => s.range);
  const paged = useHistoryStore((s) => s.paged);
  const load = useHistoryStore((s) => s.load);
  const loadPage = useHistoryStore((s) => s.loadPage);
  const dayJournals = useHistoryStore((s) => s.dayJournals);
  const saveDayJournal = useHistoryStore((s) => s.saveDayJournal);
  const [shown, setShown] = useState(CARDS_PER_STEP);
  // All Time names no dates: the label shows the span the trades actually cover instead.
  const label =
    range.kind === 'all' && span
      ? `${formatShortDate(span[0])} – ${formatShortDate(span[1])}`
      : rangeDescription(range);
  const [journalDays, setJournalDays] = useState<string[] | null>(null);

  return (
    <Page>
      <PageHeader>
        <div>
          <h1>{kind === 'day' ? 'Daily' : 'Weekly'}</h1>
          <Muted>{label}</Muted>
          <ScopeNote />
        </div>
        <Row>
          <ScopePicker />
          <RangePicker />
        </Row>
      </PageHeader>
      {status === 'loading' ? (
        <Spinner label="Loading trade history" />
      ) : status === 'error' ? (
        <ErrorPanel
          title="Trade history"
          message={error ?? ''}
          onRetry={() => void (paged ? loadPage(0) : load())}
        />
      ) : periods.length === 0 ? (
        <EmptyState title={EMPTY.noTradesYet} />
      ) : (
        <>
          <Grid>
            {periods.slice(0, shown).map((period) => {
              const title = kind === 'day' ? formatDayLabel(period.key) : weekTitle(period.key);
              return (
                <PeriodCard
                  key={period.key}
                  title={title}
                  summary={period.summary}
                  onJournal={() => setJournalDays(period.days)}
                />
              );
            })}
          </Grid>
          {periods.length > shown && (
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
