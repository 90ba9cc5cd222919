import type React from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Lead, onPrimary } from '../../auth';

const Check = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 48px;
  height: 48px;
  border-radius: 50%;
  background: ${({ theme }) => theme.color.highlight};
  color: ${({ theme }) => theme.color.success};
  font-size: 24px;
`;

const BackLink = styled(Link)`
  display: block;
  text-align: center;
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.primary};
  color: ${onPrimary};
  font-weight: 600;
  text-decoration: none;
`;

/** The reset is done: say so and lead back to sign in with the new password. */
export function ResetSuccess(): React.JSX.Element {
  return (
    <>
      <Check aria-hidden="true">✓</Check>
      <h1>Your Password has been successfully changed</h1>
      <Lead>You can now sign in with your new password.</Lead>
      <BackLink to="/login">Back to Login</BackLink>
    </>
  );
}
