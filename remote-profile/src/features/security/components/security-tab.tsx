import type React from 'react';
import styled from 'styled-components';
import { PasswordForm } from './password-form';
import { TwoFactorBlock } from './two-factor-block';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(5)};
`;

/** The Security tab: password change and the authenticator-app second factor. */
export function SecurityTab(): React.JSX.Element {
  return (
    <Stack>
      <PasswordForm />
      <TwoFactorBlock />
    </Stack>
  );
}
