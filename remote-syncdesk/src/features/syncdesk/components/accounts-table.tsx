import type React from 'react';
import { memo, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useShallow } from 'zustand/react/shallow';
import { TableWrap } from '@synctrade/ui';
import { shownIds } from '../groups/shown-accounts';
import { useSyncdeskStore } from '../store/syncdesk-store';
import { AccountRow } from './account-row';
import { CARD_QUERY, DeskGrid, ROW_HEIGHT, CARD_HEIGHT, VirtualBody } from './desk-styles';

export const COLUMNS: { label: string; numeric?: boolean }[] = [
  { label: 'Follow' },
  { label: 'ID' },
  { label: 'Connection' },
  { label: 'Accounts' },
  { label: 'Side' },
  { label: 'Balance', numeric: true },
  { label: 'Avg. Price', numeric: true },
  { label: 'Day PnL', numeric: true },
  { label: 'Open PnL', numeric: true },
  { label: 'Qty', numeric: true },
  { label: 'Ratio' },
  { label: 'Cross' },
];

/**
 * Up to this many accounts every row is rendered; above it only the rows in view (and a few around). The scroll
 * area shows about 16 rows, so a longer desk rendered whole only paints rows nobody sees: at 50 accounts under a
 * busy feed that dropped 3–4 % of the frames, against under 1 % with the rows in view (docs/bench/syncdesk.md).
 */
export const VIRTUALIZE_FROM = 20;

const isCardLayout = (): boolean =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(CARD_QUERY).matches
    : false;

/**
 * The accounts table. It re-renders only when the list of ids changes; each row follows its own account,
 * so a live update of one account repaints one row. A long desk renders only the rows in view: the body
 * becomes its own scroll area and a virtualizer (rows measured as they render, cards on a phone are taller)
 * mounts the visible rows, so 2,000 accounts cost what 20 do.
 */
export function AccountsTable(): React.JSX.Element {
  // The shown group's rows (or every account).
  const ids = useSyncdeskStore(useShallow(shownIds));
  return (
    <TableWrap>
      <DeskGrid role="table" aria-label="Accounts" aria-rowcount={ids.length + 1}>
        <div role="rowgroup">
          <div role="row" aria-rowindex={1}>
            {COLUMNS.map((column) => (
              <div key={column.label} role="columnheader" className={column.numeric ? 'num' : undefined}>
                {column.label}
              </div>
            ))}
            <div role="columnheader">
              <span className="sr-only">Row actions</span>
            </div>
          </div>
        </div>
        {ids.length > VIRTUALIZE_FROM ? (
          <VirtualRows ids={ids} />
        ) : (
          <div role="rowgroup">
            {ids.map((id, index) => (
              <AccountRow key={id} id={id} rowIndex={index + 2} />
            ))}
          </div>
        )}
      </DeskGrid>
    </TableWrap>
  );
}

const VirtualRows = memo(function VirtualRows({ ids }: { ids: number[] }): React.JSX.Element {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => (isCardLayout() ? CARD_HEIGHT : ROW_HEIGHT),
    getItemKey: (index) => ids[index] ?? index,
    overscan: 6,
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <VirtualBody ref={scrollRef} role="rowgroup" tabIndex={0} aria-label="Accounts, scrollable">
      {/* Spacers keep the scroll height of the rows that are not mounted. */}
      <div aria-hidden="true" style={{ height: before }} />
      {items.map((item) => (
        <AccountRow
          key={item.key}
          id={ids[item.index]!}
          rowIndex={item.index + 2}
          measureRef={virtualizer.measureElement}
          dataIndex={item.index}
        />
      ))}
      <div aria-hidden="true" style={{ height: Math.max(0, after) }} />
    </VirtualBody>
  );
});
