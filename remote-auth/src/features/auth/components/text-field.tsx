import type React from 'react';
import type { InputHTMLAttributes } from 'react';
import { Field, FieldError, Input } from '@synctrade/ui';
import { PasswordInput } from './password-input';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  /** The field's message, shown only once the field was touched. */
  error?: string;
}

/** A labelled input with its error text wired for assistive technology; passwords get show/hide. */
export function TextField({ id, label, error, type = 'text', ...props }: TextFieldProps): React.JSX.Element {
  const errorId = `${id}-error`;
  const shared = {
    id,
    'aria-invalid': error ? ('true' as const) : undefined,
    'aria-describedby': error ? errorId : undefined,
    ...props,
  };
  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      {type === 'password' ? <PasswordInput label={label} {...shared} /> : <Input type={type} {...shared} />}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </Field>
  );
}
