import type {} from '../theme/styled-theme';
import type React from 'react';
import styled from 'styled-components';

const Track = styled.button<{ $on: boolean }>`
  position: relative;
  width: 40px;
  height: 22px;
  border-radius: 999px;
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ $on, theme }) => ($on ? theme.color.primary : theme.color.surfaceRaised)};
  cursor: pointer;
  padding: 0;
  flex: none;
  &:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
  &::after {
    content: '';
    position: absolute;
    top: 2px;
    left: ${({ $on }) => ($on ? '20px' : '2px')};
    width: 16px;
    height: 16px;
    border-radius: 50%;
    background: #fff;
    transition: left 120ms ease;
  }
`;

export interface SwitchProps {
  checked: boolean;
  onChange(next: boolean): void;
  /** Accessible name, e.g. "Follow SIM-1". */
  label: string;
  disabled?: boolean;
}

/** An on/off switch with the `switch` role, so tests and screen readers see its state. */
export function Switch({ checked, onChange, label, disabled }: SwitchProps): React.JSX.Element {
  return (
    <Track
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      $on={checked}
      disabled={disabled}
      onClick={() => onChange(!checked)}
    />
  );
}
