import type {} from '../theme/styled-theme';
import styled from 'styled-components';

export const TableWrap = styled.div`
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
