import type React from 'react';
import { Suspense, useState } from 'react';
import styled from 'styled-components';
import { Link } from 'react-router-dom';
import type { Trade } from '@synctrade/api';
import { ActionButton } from '../../../lib/action-button';
import { Button, ErrorPanel, Page, PageHeader, Row, Spinner } from '@synctrade/ui';
import { LazyImportDialog } from '../../csv-import';
import { DayJournalDialog, JournalDialog } from '../../journal';
import { localDateKey } from '../../stats';
import { usePagedHistoryLoad } from '../hooks/use-history';
import { loadAllTrades } from '../store/load-all';
import { useHistoryStore } from '../store/history-store';
import { tradeCells } from '../lib/table-rows';
import { RangePicker } from './range-picker';
import { ScopeNote, ScopePicker } from './scope-picker';
import { StatCards } from './stat-cards';
import { TradesTable } from './trades-table';

const Banner = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.color.primary};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.highlight};
`;

type Dialog = { kind: 'import' } | { kind: 'day' } | { kind: 'trade'; trade: Trade } | null;

/** /trade-history/dashboard: the range's statistics and completed trades, import and journals. */
export function DashboardPage(): React.JSX.Element {
  usePagedHistoryLoad();
  const trades = useHistoryStore((s) => s.trades);
  const serverPage = useHistoryStore((s) => s.serverPage);
  const loadPage = useHistoryStore((s) => s.loadPage);
  const status = useHistoryStore((s) => s.status);
  const error = useHistoryStore((s) => s.error);
  const dayJournals = useHistoryStore((s) => s.dayJournals);
  const accounts = useHistoryStore((s) => s.scopeChoices.accounts);
  const reload = (): void => void loadPage(0);
  const saveTradeJournal = useHistoryStore((s) => s.saveTradeJournal);
  const saveDayJournal = useHistoryStore((s) => s.saveDayJournal);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = (): void => setDialog(null);

  return (
    <Page>
      <PageHeader>
        <div>
          <h1>Dashboard Management</h1>
          <ScopeNote />
          <Link to="/trade-history/quality">Copy quality: what the copier did with each leader fill</Link>
        </div>
        <Row>
          <ScopePicker />
          <RangePicker />
          <Button type="button" $variant="secondary" onClick={() => setDialog({ kind: 'import' })}>
            Import Data
          </Button>
          <ActionButton type="button" onClick={() => setDialog({ kind: 'day' })}>
            Start Journal
          </ActionButton>
        </Row>
      </PageHeader>
      <Banner role="note">
        Import a CSV export of your trading history to review it here. Automatic broker syncing returns soon.
      </Banner>
      {status === 'loading' ? (
        <Spinner label="Loading trade history" />
      ) : status === 'error' ? (
        <ErrorPanel title="Trade history" message={error ?? ''} onRetry={reload} />
      ) : (
        <>
          <StatCards />
          <TradesTable
            trades={trades}
            onJournal={(trade) => setDialog({ kind: 'trade', trade })}
            server={
              serverPage && {
                total: serverPage.total,
                offset: serverPage.offset,
                onPage: (offset) => void loadPage(offset),
                loadAll: loadAllTrades,
              }
            }
          />
        </>
      )}
      {dialog?.kind === 'import' && (
        <Suspense fallback={<Spinner label="Loading importer" />}>
          <LazyImportDialog accounts={accounts} onClose={close} onImported={reload} />
        </Suspense>
      )}
      {dialog?.kind === 'day' && (
        <DayJournalDialog
          days={[localDateKey(new Date())]}
          notes={dayJournals}
          onSave={saveDayJournal}
          onClose={close}
        />
      )}
      {dialog?.kind === 'trade' && (
        <JournalDialog
          title="Trade journal"
          context={<TradeContext trade={dialog.trade} />}
          initialNote={dialog.trade.journal ?? ''}
          onSave={(note) => saveTradeJournal(dialog.trade.id, note)}
          onClose={close}
        />
      )}
    </Page>
  );
}

function TradeContext({ trade }: { trade: Trade }): React.JSX.Element {
  const c = tradeCells(trade);
  return (
    <p>
      {c.symbol} {c.side} {c.qty} at {c.avgEntry}, {c.time}, {c.pnl}
    </p>
  );
}
