import type {} from '../theme/styled-theme';
import type React from 'react';
import styled from 'styled-components';
import { Button } from './button';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(5)};
  border: 1px solid ${({ theme }) => theme.color.danger};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  p {
    margin: 0;
  }
`;

/** A failed area: what failed, why, and a Retry button. */
export function ErrorPanel({
  title,
  message,
  onRetry,
}: {
  title: string;
  message: string;
  onRetry?: () => void;
}): React.JSX.Element {
  return (
    <Box role="alert">
      <strong>{title}</strong>
      <p>{message}</p>
      {onRetry && (
        <Button type="button" $variant="secondary" onClick={onRetry}>
          Retry
        </Button>
      )}
    </Box>
  );
}
