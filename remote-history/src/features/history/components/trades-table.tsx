import type React from 'react';
import { useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import type { Trade } from '@synctrade/api';
import { EMPTY } from '@synctrade/api';
import { Button, EmptyState, Muted, Row, SectionHeader, Table, TableHead, TableWrap } from '@synctrade/ui';
import { sortTrades, TABLE_COLUMNS } from '../lib/table-rows';
import { TradeRow } from './trade-row';
import { TableActions } from './table-actions';

/** Rows per page: 100,000 trades stay fast because only one page is ever in the document. */
export const PAGE_SIZE = 100;

const Count = styled.span`
  margin-left: ${({ theme }) => theme.space(2)};
  padding: 0 ${({ theme }) => theme.space(2)};
  border-radius: 999px;
  background: ${({ theme }) => theme.color.surfaceRaised};
  font-size: 14px;
`;

const Pager = styled(Row)`
  justify-content: flex-end;
  margin-top: ${({ theme }) => theme.space(3)};
`;

/**
 * Paged by the server: `trades` is the page at `offset` of `total` (already newest first); `onPage` asks for
 * another page and `loadAll` fetches the whole range for Export.
 */
export interface ServerPaging {
  total: number;
  offset: number;
  onPage(offset: number): void;
  loadAll(): Promise<Trade[]>;
}

/** The completed trades, newest first, one page at a time; copy and export act on what the trader sees. */
export function TradesTable({
  trades,
  onJournal,
  server,
}: {
  trades: readonly Trade[];
  onJournal(trade: Trade): void;
  server?: ServerPaging | null;
}): React.JSX.Element {
  const sorted = useMemo(() => (server ? (trades as Trade[]) : sortTrades(trades)), [trades, server]);
  const total = server ? server.total : sorted.length;
  const [localPage, setLocalPage] = useState(0);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  useEffect(() => {
    if (!server && localPage > pages - 1) setLocalPage(pages - 1);
  }, [server, localPage, pages]);
  const current = server ? Math.floor(server.offset / PAGE_SIZE) : Math.min(localPage, pages - 1);
  const setPage = (page: number): void => (server ? server.onPage(page * PAGE_SIZE) : setLocalPage(page));
  const visible = useMemo(
    () => (server ? sorted : sorted.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE)),
    [server, sorted, current],
  );
  const first = current * PAGE_SIZE + 1;

  return (
    <section aria-labelledby="completed-trades">
      <SectionHeader>
        <h2 id="completed-trades">
          Completed Trades<Count>{total.toLocaleString('en-US')}</Count>
        </h2>
        <TableActions visible={visible} all={sorted} total={total} loadAll={server?.loadAll} />
      </SectionHeader>
      {total === 0 ? (
        <TableWrap>
          <EmptyState title={EMPTY.trades} />
        </TableWrap>
      ) : (
        <>
          <TableWrap>
            <Table>
              <TableHead columns={TABLE_COLUMNS} />
              <tbody>
                {visible.map((trade) => (
                  <TradeRow key={trade.id} trade={trade} onJournal={onJournal} />
                ))}
              </tbody>
            </Table>
          </TableWrap>
          {pages > 1 && (
            <Pager as="nav" aria-label="Trades pages">
              <Muted>
                {first.toLocaleString('en-US')}–{(first + visible.length - 1).toLocaleString('en-US')} of{' '}
                {total.toLocaleString('en-US')}
              </Muted>
              <Button
                type="button"
                $variant="secondary"
                $size="sm"
                disabled={current === 0}
                onClick={() => setPage(current - 1)}
              >
                Previous
              </Button>
              <Muted aria-current="page">
                Page {current + 1} of {pages}
              </Muted>
              <Button
                type="button"
                $variant="secondary"
                $size="sm"
                disabled={current >= pages - 1}
                onClick={() => setPage(current + 1)}
              >
                Next
              </Button>
            </Pager>
          )}
        </>
      )}
    </section>
  );
}
