import styled, { type DefaultTheme } from 'styled-components';
import { Button } from '@synctrade/ui';

/** Small layout pieces shared by the auth forms. */
export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
`;

export const Lead = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`;

/**
 * White on the dark theme's primary blue is about 3.2:1, below WCAG AA for this text size, so the dark
 * theme uses its page color on the blue instead (about 6:1); the light theme keeps its own text color.
 */
export const onPrimary = ({ theme }: { theme: DefaultTheme }): string =>
  theme.mode === 'dark' ? theme.color.bg : theme.color.primaryText;

export const SubmitButton = styled(Button)`
  width: 100%;
  color: ${onPrimary};
  padding-top: ${({ theme }) => theme.space(3)};
  padding-bottom: ${({ theme }) => theme.space(3)};
`;

/** A button that reads as a link: it changes the view, it does not navigate. */
export const LinkButton = styled.button`
  border: 0;
  padding: 0;
  background: none;
  color: ${({ theme }) => theme.color.primary};
  font-weight: 600;
  text-decoration: underline;
  cursor: pointer;
  &:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
`;

export const Between = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  font-size: 14px;
`;

export const Footnote = styled.p`
  margin: 0;
  text-align: center;
  font-size: 14px;
  color: ${({ theme }) => theme.color.textMuted};
`;

export const Divider = styled.p`
  margin: 0;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 13px;
  &::before,
  &::after {
    content: '';
    flex: 1;
    border-top: 1px solid ${({ theme }) => theme.color.border};
  }
`;
