import type {} from '../theme/styled-theme';
import type React from 'react';
import type { ReactNode } from 'react';
import styled from 'styled-components';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(10)} ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.color.textMuted};
  text-align: center;
  h2 {
    margin: 0;
    font-size: 18px;
    color: ${({ theme }) => theme.color.text};
  }
`;

export function EmptyState({ title, children }: { title: string; children?: ReactNode }): React.JSX.Element {
  return (
    <Box>
      <h2>{title}</h2>
      {children}
    </Box>
  );
}
