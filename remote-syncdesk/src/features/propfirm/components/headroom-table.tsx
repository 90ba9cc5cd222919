import type React from 'react';
import styled from 'styled-components';
import type { PropHeadroom } from '@synctrade/api';
import { Button, CardTable, TableWrap } from '@synctrade/ui';
import { blackoutText, dollarTone, dollars, minutesText, minutesTone, type Tone } from './headroom-format';

const Cell = styled.td<{ $tone: Tone }>`
  color: ${({ $tone, theme }) => ($tone === 'muted' ? theme.color.textMuted : theme.color[$tone])};
  font-weight: ${({ $tone }) => ($tone === 'warning' || $tone === 'danger' ? 600 : 400)};
`;

// At a laptop's width the eight columns fit the card: headers wrap onto two lines rather than widen it.
const FittedTable = styled(CardTable)`
  th {
    white-space: normal;
  }
`;

interface HeadroomTableProps {
  rows: readonly PropHeadroom[];
  nameOf(accountId: number): string;
  firmLabel(row: PropHeadroom): string;
  now: number;
  /** Opens the account's rules (shown and edited one value at a time). */
  onEdit(accountId: number): void;
}

/** Distance of each guarded account to its firm's limits; amber when close, red when reached. */
export function HeadroomTable({
  rows,
  nameOf,
  firmLabel,
  now,
  onEdit,
}: HeadroomTableProps): React.JSX.Element {
  return (
    <TableWrap>
      <FittedTable aria-label="Firm rule headroom">
        <thead>
          <tr>
            <th>Account</th>
            <th>Firm rules</th>
            <th>To drawdown floor</th>
            <th>To daily loss limit</th>
            <th>Flat-by in</th>
            <th>Next blackout</th>
            <th>Guard</th>
            <th>
              <span className="sr-only">Rules</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const blackout = blackoutText(row.next_blackout, now);
            return (
              <tr key={row.account_id}>
                <td data-label="Account">{nameOf(row.account_id)}</td>
                <td data-label="Firm rules">{firmLabel(row)}</td>
                <Cell data-label="To drawdown floor" $tone={dollarTone(row.to_floor)}>
                  {dollars(row.to_floor)}
                </Cell>
                <Cell data-label="To daily loss limit" $tone={dollarTone(row.to_daily_loss)}>
                  {dollars(row.to_daily_loss)}
                </Cell>
                <Cell data-label="Flat-by in" $tone={minutesTone(row.minutes_to_flat_by)}>
                  {minutesText(row.minutes_to_flat_by)}
                </Cell>
                <Cell data-label="Next blackout" $tone={blackout.tone}>
                  {blackout.text}
                </Cell>
                <Cell data-label="Guard" $tone={row.stopped === null ? 'success' : 'danger'}>
                  {row.stopped ?? 'Watching'}
                </Cell>
                <td>
                  <Button
                    type="button"
                    $variant="secondary"
                    $size="sm"
                    aria-label={`Rules of ${nameOf(row.account_id)}`}
                    onClick={() => onEdit(row.account_id)}
                  >
                    Rules
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </FittedTable>
    </TableWrap>
  );
}
