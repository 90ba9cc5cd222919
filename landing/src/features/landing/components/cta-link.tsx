import { Link } from 'react-router';
import styled, { css } from 'styled-components';
import { onPrimary } from './section';

const base = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space(2.5)} ${theme.space(5)}`};
  border-radius: ${({ theme }) => theme.radius.sm};
  font-weight: 700;
  text-decoration: none;
  white-space: nowrap;
  border: 1px solid ${({ theme }) => theme.color.primary};
`;

/** The landing's primary call to action: a link (it navigates) that looks like a button. */
export const CtaLink = styled(Link)`
  ${base};
  background: ${({ theme }) => theme.color.primary};
  color: ${onPrimary};
`;

export const GhostLink = styled.a`
  ${base};
  background: transparent;
  color: ${({ theme }) => theme.color.text};
  border-color: ${({ theme }) => theme.color.border};
`;

/** Where every trial button leads: the Sign Up card of /login. */
export const SIGN_UP = '/login?view=signup';
