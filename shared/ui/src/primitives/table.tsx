import type React from 'react';
import type {} from '../theme/styled-theme';
import styled from 'styled-components';

// Positioned, so a visually hidden text inside (an .sr-only header) is placed within the scrolling box and
// cannot make the page itself wider than the screen.
export const TableWrap = styled.div`
  position: relative;
  width: 100%;
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
`;

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 14px;
  th,
  td {
    padding: ${({ theme }) => `${theme.space(2.5)} ${theme.space(3)}`};
    text-align: left;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
    white-space: nowrap;
  }
  th {
    color: ${({ theme }) => theme.color.textMuted};
    font-weight: 600;
    font-size: 13px;
    background: ${({ theme }) => theme.color.surfaceRaised};
  }
  tbody tr:last-child td {
    border-bottom: none;
  }
`;

/** A number in green when non-negative, red when negative. */
export const Signed = styled.span<{ $value: number }>`
  color: ${({ $value, theme }) => ($value >= 0 ? theme.color.success : theme.color.danger)};
  font-variant-numeric: tabular-nums;
`;

/**
 * A table that becomes one card per row on a phone: the column headers are hidden from sight (still read by
 * screen readers) and each cell shows its column's name from its `data-label`, so every action of a row
 * (Details, Delete…) is on screen without sideways scrolling. On wider screens it is the plain table.
 */
export const CardTable = styled(Table)`
  @media (max-width: ${({ theme }) => theme.breakpoint.sm}) {
    thead tr {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
    tbody tr {
      display: block;
      padding: ${({ theme }) => theme.space(2)} 0;
      border-bottom: 1px solid ${({ theme }) => theme.color.border};
    }
    tbody tr:last-child {
      border-bottom: none;
    }
    tbody th,
    tbody td {
      display: flex;
      align-items: center;
      justify-content: space-between;
      gap: ${({ theme }) => theme.space(3)};
      border-bottom: none;
      white-space: normal;
      overflow-wrap: anywhere;
      padding-top: ${({ theme }) => theme.space(1.5)};
      padding-bottom: ${({ theme }) => theme.space(1.5)};
    }
    tbody th {
      font-size: 15px;
    }
    tbody [data-label]::before {
      /* The empty alternative text keeps screen readers from reading the name twice (they have the header). */
      content: attr(data-label) / '';
      color: ${({ theme }) => theme.color.textMuted};
      font-weight: 600;
      font-size: 13px;
    }
  }
`;

/** A table's header row: one column header per name, in order. */
export function TableHead({ columns }: { columns: readonly string[] }): React.JSX.Element {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
