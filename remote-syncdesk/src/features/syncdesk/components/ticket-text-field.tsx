import type React from 'react';
import { useField } from 'formik';
import { Field, FieldError, Input } from '@synctrade/ui';
import type { TicketValues } from './ticket-schema';

/** One text input of the ticket with its label and, once touched, its error tied to it for screen readers. */
export function TicketTextField({
  name,
  label,
  ...rest
}: { name: keyof TicketValues; label: string } & React.ComponentProps<typeof Input>): React.JSX.Element {
  const [field, meta] = useField<string>(name);
  const errorId = `ticket-${name}-error`;
  const invalid = Boolean(meta.touched && meta.error);
  return (
    <Field>
      <label htmlFor={`ticket-${name}`}>{label}</label>
      <Input
        id={`ticket-${name}`}
        {...field}
        {...rest}
        aria-invalid={invalid}
        aria-describedby={invalid ? errorId : undefined}
      />
      {invalid && <FieldError id={errorId}>{meta.error}</FieldError>}
    </Field>
  );
}
