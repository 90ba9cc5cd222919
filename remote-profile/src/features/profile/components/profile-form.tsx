import type React from 'react';
import { useFormik } from 'formik';
import styled from 'styled-components';
import { type Profile, type ProfileUpdatePayload } from '@synctrade/api';
import { profileFormSchema } from '@synctrade/api/validation';
import { Button, Field, Input, Row } from '@synctrade/ui';
import { useProfileStore } from '../store/profile-store';
import { BioField } from './bio-field';
import { TextField } from './text-field';

const Form = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  gap: ${({ theme }) => theme.space(4)};
  margin-top: ${({ theme }) => theme.space(5)};
  .wide {
    grid-column: 1 / -1;
  }
`;

/** Username, names and bio; the e-mail is shown read-only (it is the sign-in identity). */
export function ProfileForm({ profile }: { profile: Profile }): React.JSX.Element {
  const save = useProfileStore((state) => state.save);
  const saving = useProfileStore((state) => state.saving);
  const formik = useFormik<ProfileUpdatePayload>({
    initialValues: {
      username: profile.username ?? '',
      first_name: profile.first_name ?? '',
      last_name: profile.last_name ?? '',
      bio: profile.bio ?? '',
    },
    validationSchema: profileFormSchema,
    enableReinitialize: true,
    onSubmit: async (values) => {
      await save(values);
    },
  });

  return (
    <Form noValidate onSubmit={formik.handleSubmit} aria-label="Profile details">
      <TextField formik={formik} name="username" label="Username" autoComplete="username" />
      <Field>
        <label htmlFor="profile-email">Email</label>
        <Input id="profile-email" type="email" value={profile.email} readOnly disabled />
      </Field>
      <TextField formik={formik} name="first_name" label="First name" autoComplete="given-name" />
      <TextField formik={formik} name="last_name" label="Last name" autoComplete="family-name" />
      <BioField formik={formik} />
      <Row className="wide">
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save changes'}
        </Button>
      </Row>
    </Form>
  );
}
