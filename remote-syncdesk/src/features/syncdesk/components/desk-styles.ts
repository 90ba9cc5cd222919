import styled from 'styled-components';
import { Table } from '@synctrade/ui';
import { FLASH_ATTRIBUTE } from '../hooks/flash-scheduler';

/** The accounts table: numbers right-aligned in tabular figures, and the changed-cell highlight. */
export const DeskTable = styled(Table)`
  td.num,
  th.num {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
  td {
    transition: background-color 400ms ease-out;
  }
  td[${FLASH_ATTRIBUTE}='on'] {
    background-color: ${({ theme }) => theme.color.highlight};
    transition: none;
  }
`;

/** A compact icon or text button inside a table cell. */
export const CellButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => `${theme.space(1)} ${theme.space(2)}`};
  border-radius: ${({ theme }) => theme.radius.sm};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};
  color: ${({ theme }) => theme.color.text};
  cursor: pointer;
  &:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
`;

export const LeaderMark = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  color: ${({ theme }) => theme.color.warning};
`;

export const Badge = styled.span<{ $tone: 'success' | 'warning' | 'danger' | 'muted' }>`
  display: inline-block;
  padding: 0 ${({ theme }) => theme.space(2)};
  border-radius: 999px;
  border: 1px solid currentColor;
  font-size: 12px;
  font-weight: 600;
  color: ${({ $tone, theme }) => ($tone === 'muted' ? theme.color.textMuted : theme.color[$tone])};
`;
