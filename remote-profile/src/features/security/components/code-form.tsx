import type React from 'react';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { Button, Field, Input, Muted, Row } from '@synctrade/ui';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  max-width: 360px;
`;

const SIX_DIGITS = /^\d{6}$/;

/** Asks for a 6-digit authenticator code (or, where allowed, a recovery code). */
export function CodeForm({
  label,
  submitLabel,
  hint,
  busy,
  allowRecovery = false,
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  hint: string;
  busy: boolean;
  allowRecovery?: boolean;
  onSubmit(code: string): Promise<void>;
  onCancel(): void;
}): React.JSX.Element {
  const [code, setCode] = useState('');
  const id = useId();
  const trimmed = code.trim();
  const ready = allowRecovery ? trimmed.length >= 6 : SIX_DIGITS.test(trimmed);

  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        if (ready && !busy) void onSubmit(trimmed);
      }}
    >
      <Field>
        <label htmlFor={id}>{label}</label>
        <Input
          id={id}
          value={code}
          inputMode={allowRecovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          maxLength={allowRecovery ? 64 : 6}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setCode(event.target.value)}
        />
        <Muted id={`${id}-hint`}>{hint}</Muted>
      </Field>
      <Row>
        <Button type="button" $variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={!ready || busy}>
          {submitLabel}
        </Button>
      </Row>
    </Form>
  );
}
