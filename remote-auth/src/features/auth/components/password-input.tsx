import type React from 'react';
import { useState, type InputHTMLAttributes } from 'react';
import styled from 'styled-components';
import { Input } from '@synctrade/ui';

const Wrap = styled.div`
  position: relative;
  display: flex;
  align-items: center;
  input {
    padding-right: 72px;
  }
`;

const Toggle = styled.button`
  position: absolute;
  right: ${({ theme }) => theme.space(1)};
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.color.primary};
  font-weight: 600;
  font-size: 13px;
  padding: ${({ theme }) => `${theme.space(1.5)} ${theme.space(2)}`};
  cursor: pointer;
  border-radius: ${({ theme }) => theme.radius.sm};
`;

export interface PasswordInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  id: string;
  /** The visible label, reused in the toggle's accessible name so two fields stay distinguishable. */
  label: string;
}

/** A password field with a show/hide toggle; the toggle names which field it reveals. */
export function PasswordInput({ label, ...props }: PasswordInputProps): React.JSX.Element {
  const [visible, setVisible] = useState(false);
  return (
    <Wrap>
      <Input {...props} type={visible ? 'text' : 'password'} />
      <Toggle
        type="button"
        aria-label={`${visible ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
        aria-controls={props.id}
        onClick={() => setVisible((shown) => !shown)}
      >
        {visible ? 'Hide' : 'Show'}
      </Toggle>
    </Wrap>
  );
}
