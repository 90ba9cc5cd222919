import type React from 'react';
import type { FormikProps } from 'formik';
import styled from 'styled-components';
import { type ProfileUpdatePayload } from '@synctrade/api';
import { LIMITS } from '@synctrade/api/validation';
import { Field, FieldError, TextArea } from '@synctrade/ui';

const Counter = styled.span<{ $full: boolean }>`
  align-self: flex-end;
  font-size: 13px;
  color: ${({ $full, theme }) => ($full ? theme.color.warning : theme.color.textMuted)};
`;

/** The bio with its live character counter; the browser stops typing at 160 and the schema checks it too. */
export function BioField({ formik }: { formik: FormikProps<ProfileUpdatePayload> }): React.JSX.Element {
  const length = formik.values.bio.length;
  const error = formik.touched.bio ? formik.errors.bio : undefined;
  return (
    <Field className="wide">
      <label htmlFor="profile-bio">Bio</label>
      <TextArea
        id="profile-bio"
        {...formik.getFieldProps('bio')}
        maxLength={LIMITS.bioMax}
        aria-invalid={Boolean(error)}
        aria-describedby="profile-bio-count"
      />
      <Counter id="profile-bio-count" $full={length >= LIMITS.bioMax} aria-live="polite">
        {length}/{LIMITS.bioMax} characters
      </Counter>
      {error && <FieldError>{error}</FieldError>}
    </Field>
  );
}
