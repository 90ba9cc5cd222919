import type React from 'react';
import { TableWrap } from '@synctrade/ui';
import { useSyncdeskStore } from '../store/syncdesk-store';
import { AccountRow } from './account-row';
import { DeskTable } from './desk-styles';

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
      <DeskTable>
        <caption className="sr-only">Accounts</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column.label} scope="col" className={column.numeric ? 'num' : undefined}>
                {column.label}
              </th>
            ))}
            <th scope="col">
              <span className="sr-only">Row actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {ids.map((id) => (
            <AccountRow key={id} id={id} />
          ))}
        </tbody>
      </DeskTable>
    </TableWrap>
  );
}
