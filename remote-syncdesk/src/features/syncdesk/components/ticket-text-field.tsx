import type React from 'react';
import { useField } from 'formik';
import { Field, FieldError, Input } from '@synctrade/ui';
import type { TicketValues } from './ticket-schema';

/** One text input of the ticket with its label and, once touched, its error tied to it for screen readers. */
export function TicketTextField({
  name,
  label,
  idPrefix = 'ticket',
  ...rest
}: {
  name: keyof TicketValues;
  label: string;
  /** Another form holding the same fields (the move dialog) keeps its ids apart from the ticket's. */
  idPrefix?: string;
} & React.ComponentProps<typeof Input>): React.JSX.Element {
  const [field, meta] = useField<string>(name);
  const errorId = `${idPrefix}-${name}-error`;
  const invalid = Boolean(meta.touched && meta.error);
  return (
    <Field>
      <label htmlFor={`${idPrefix}-${name}`}>{label}</label>
      <Input
        id={`${idPrefix}-${name}`}
        {...field}
        {...rest}
        aria-invalid={invalid}
        aria-describedby={invalid ? errorId : undefined}
      />
      {invalid && <FieldError id={errorId}>{meta.error}</FieldError>}
    </Field>
  );
}
