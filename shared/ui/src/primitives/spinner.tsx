import type {} from '../theme/styled-theme';
import type React from 'react';
import styled, { keyframes } from 'styled-components';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Ring = styled.span<{ $size: number }>`
  display: inline-block;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border: 3px solid ${({ theme }) => theme.color.border};
  border-top-color: ${({ theme }) => theme.color.primary};
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
`;

const Center = styled.div<{ $fullScreen: boolean }>`
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space(8)};
  ${({ $fullScreen, theme }) =>
    $fullScreen && `position: fixed; inset: 0; background: ${theme.color.bg}; z-index: 50;`}
`;

export function Spinner({
  label = 'Loading',
  size = 32,
  fullScreen = false,
}: {
  label?: string;
  size?: number;
  fullScreen?: boolean;
}): React.JSX.Element {
  return (
    <Center $fullScreen={fullScreen} role="status" aria-live="polite">
      <Ring $size={size} aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </Center>
  );
}
