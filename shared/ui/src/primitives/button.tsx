import type {} from '../theme/styled-theme';
import styled, { css } from 'styled-components';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

/** The product's button. `$variant` picks the look; disabled buttons are dimmed and inert. */
export const Button = styled.button<{ $variant?: ButtonVariant; $size?: 'sm' | 'md' }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.sm};
  border: 1px solid transparent;
  padding: ${({ $size, theme }) => ($size === 'sm' ? `${theme.space(1)} ${theme.space(3)}` : `${theme.space(2)} ${theme.space(4)}`)};
  font-weight: 600;
  cursor: pointer;
  white-space: nowrap;
  transition:
    background 120ms ease,
    border-color 120ms ease;
  ${({ $variant = 'primary', theme }) => {
    switch ($variant) {
      case 'primary':
        return css`
          background: ${theme.color.primary};
          color: ${theme.color.primaryText};
        `;
      case 'danger':
        return css`
          background: transparent;
          color: ${theme.color.danger};
          border-color: ${theme.color.danger};
        `;
      case 'ghost':
        return css`
          background: transparent;
          color: ${theme.color.text};
        `;
      default:
        return css`
          background: ${theme.color.surfaceRaised};
          color: ${theme.color.text};
          border-color: ${theme.color.border};
        `;
    }
  }}
  &:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
`;
