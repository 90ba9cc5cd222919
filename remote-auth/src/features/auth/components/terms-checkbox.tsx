import type React from 'react';
import type { ChangeEvent, FocusEvent } from 'react';
import styled from 'styled-components';

const Label = styled.label`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(2)};
  font-size: 14px;
  input {
    margin-top: 3px;
    width: 16px;
    height: 16px;
    flex: none;
  }
`;

export interface TermsCheckboxProps {
  id: string;
  name: string;
  checked: boolean;
  invalid?: boolean;
  describedBy?: string;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
  onBlur?(event: FocusEvent<HTMLInputElement>): void;
}

/**
 * The terms consent. Its links open the landing's Terms and Privacy pages in a new tab, so reading them does
 * not lose what was typed in the form.
 */
export function TermsCheckbox({ id, invalid, describedBy, ...input }: TermsCheckboxProps): React.JSX.Element {
  return (
    <Label htmlFor={id}>
      <input
        id={id}
        type="checkbox"
        aria-invalid={invalid ? 'true' : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      <span>
        I agree to the{' '}
        <a href="/legal/terms" target="_blank" rel="noreferrer">
          Terms of Service
        </a>{' '}
        and{' '}
        <a href="/legal/privacy" target="_blank" rel="noreferrer">
          Privacy Policy
        </a>
      </span>
    </Label>
  );
}
