import type {} from '../theme/styled-theme';
import type React from 'react';
import styled from 'styled-components';

const List = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(1)};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  overflow-x: auto;
`;

const Tab = styled.button<{ $active: boolean }>`
  background: none;
  border: none;
  border-bottom: 2px solid ${({ $active, theme }) => ($active ? theme.color.primary : 'transparent')};
  color: ${({ $active, theme }) => ($active ? theme.color.text : theme.color.textMuted)};
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  font-weight: 600;
  cursor: pointer;
  white-space: nowrap;
`;

export interface TabItem<K extends string> {
  key: K;
  label: string;
}

/** Tabs with the `tab` role; the caller renders the active panel. */
export function Tabs<K extends string>({
  items,
  active,
  onChange,
  label,
}: {
  items: TabItem<K>[];
  active: K;
  onChange(key: K): void;
  label: string;
}): React.JSX.Element {
  return (
    <List role="tablist" aria-label={label}>
      {items.map((item) => (
        <Tab
          key={item.key}
          type="button"
          role="tab"
          aria-selected={item.key === active}
          $active={item.key === active}
          onClick={() => onChange(item.key)}
        >
          {item.label}
        </Tab>
      ))}
    </List>
  );
}
