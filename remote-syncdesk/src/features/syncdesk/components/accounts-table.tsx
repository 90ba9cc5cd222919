import type React from 'react';
import { TableWrap } from '@synctrade/ui';
import { useSyncdeskStore } from '../store/syncdesk-store';
import { AccountRow } from './account-row';
import { DeskGrid } from './desk-styles';

const COLUMNS: { label: string; numeric?: boolean }[] = [
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
 * The accounts table. It re-renders only when the list of ids changes; each row follows its own account,
 * so a live update of one account repaints one row.
 */
export function AccountsTable(): React.JSX.Element {
  const ids = useSyncdeskStore((state) => state.ids);
  return (
    <TableWrap>
      <DeskGrid role="table" aria-label="Accounts" aria-rowcount={ids.length + 1}>
        <div role="rowgroup">
          <div role="row">
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
        <div role="rowgroup">
          {ids.map((id) => (
            <AccountRow key={id} id={id} />
          ))}
        </div>
      </DeskGrid>
    </TableWrap>
  );
}
