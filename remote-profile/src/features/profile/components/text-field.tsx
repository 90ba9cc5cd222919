import type React from 'react';
import type { FormikProps } from 'formik';
import type { ProfileUpdatePayload } from '@synctrade/api';
import { Field, FieldError, Input } from '@synctrade/ui';

/** One labelled profile input wired to the form, with its error announced. */
export function TextField({
  formik,
  name,
  label,
  autoComplete,
}: {
  formik: FormikProps<ProfileUpdatePayload>;
  name: Exclude<keyof ProfileUpdatePayload, 'bio'>;
  label: string;
  autoComplete: string;
}): React.JSX.Element {
  const id = `profile-${name}`;
  const error = formik.touched[name] ? formik.errors[name] : undefined;
  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      <Input
        id={id}
        {...formik.getFieldProps(name)}
        autoComplete={autoComplete}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </Field>
  );
}
