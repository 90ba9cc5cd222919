import type React from 'react';
import styled from 'styled-components';

const Badge = styled.span<{ $on: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1.5)};
  font-weight: 600;
  color: ${({ $on, theme }) => ($on ? theme.color.success : theme.color.danger)};
  &::before {
    content: '';
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: currentColor;
  }
`;

/** 'Connected' in green or 'Disconnected' in red, from `enabled` (the word carries the meaning, not the color). */
export function StatusBadge({ enabled }: { enabled: boolean }): React.JSX.Element {
  return <Badge $on={enabled}>{enabled ? 'Connected' : 'Disconnected'}</Badge>;
}
