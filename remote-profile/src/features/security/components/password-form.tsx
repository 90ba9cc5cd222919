import type React from 'react';
import { useFormik } from 'formik';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import type { PasswordChangePayload } from '@synctrade/api';
import { Button, Card, Field, Input, Row } from '@synctrade/ui';
import { usePasswordStore } from '../store/password-store';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  max-width: 480px;
  h2 {
    margin: 0;
    font-size: 18px;
  }
`;

const FIELDS: Array<{ name: keyof PasswordChangePayload; label: string; autoComplete: string }> = [
  { name: 'current_password', label: 'Current password', autoComplete: 'current-password' },
  { name: 'new_password', label: 'New password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm new password', autoComplete: 'new-password' },
];

/** Password change; on success the user is signed out and signs in again with the new password. */
export function PasswordForm(): React.JSX.Element {
  const change = usePasswordStore((state) => state.change);
  const changing = usePasswordStore((state) => state.changing);
  const navigate = useNavigate();
  const formik = useFormik<PasswordChangePayload>({
    initialValues: { current_password: '', new_password: '', confirmPassword: '' },
    onSubmit: async (values) => {
      if (!(await change(values))) return;
      navigate('/login', { replace: true });
    },
  });

  return (
    <Card>
      <Form noValidate onSubmit={formik.handleSubmit} aria-labelledby="password-title">
        <h2 id="password-title">Change password</h2>
        {FIELDS.map((field) => (
          <Field key={field.name}>
            <label htmlFor={`password-${field.name}`}>{field.label}</label>
            <Input
              id={`password-${field.name}`}
              type="password"
              autoComplete={field.autoComplete}
              {...formik.getFieldProps(field.name)}
            />
          </Field>
        ))}
        <Row>
          <Button type="submit" disabled={changing}>
            {changing ? 'Changing...' : 'Change password'}
          </Button>
        </Row>
      </Form>
    </Card>
  );
}
