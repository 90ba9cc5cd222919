import type React from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';

const Screen = styled.main`
  min-height: 100vh;
  display: grid;
  grid-template-columns: 1fr;
  background: ${({ theme }) => theme.color.bg};
  @media (min-width: ${({ theme }) => theme.breakpoint.md}) {
    grid-template-columns: minmax(320px, 5fr) 7fr;
  }
`;

const Brand = styled.aside`
  display: none;
  padding: ${({ theme }) => theme.space(12)};
  background: ${({ theme }) => theme.color.surface};
  border-right: 1px solid ${({ theme }) => theme.color.border};
  flex-direction: column;
  justify-content: center;
  gap: ${({ theme }) => theme.space(4)};
  p {
    margin: 0;
    color: ${({ theme }) => theme.color.textMuted};
    max-width: 42ch;
  }
  @media (min-width: ${({ theme }) => theme.breakpoint.md}) {
    display: flex;
  }
`;

const Logo = styled(Link)`
  font-size: 22px;
  font-weight: 800;
  text-decoration: none;
  color: ${({ theme }) => theme.color.text};
`;

const Panel = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => `${theme.space(8)} ${theme.space(4)}`};
`;

/** On small screens the product panel is hidden; this keeps a way back to the landing page. */
const MobileLogo = styled(Logo)`
  margin-bottom: ${({ theme }) => theme.space(5)};
  @media (min-width: ${({ theme }) => theme.breakpoint.md}) {
    display: none;
  }
`;

const Card = styled.section`
  width: 100%;
  max-width: 440px;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow};
  padding: ${({ theme }) => theme.space(8)};
  @media (max-width: ${({ theme }) => theme.breakpoint.sm}) {
    padding: ${({ theme }) => theme.space(5)};
  }
  h1 {
    margin: 0;
    font-size: 26px;
    line-height: 1.2;
  }
`;

/** The frame of every auth screen: a product panel on wide screens and one centered card. */
export function AuthLayout({ children }: { children: ReactNode }): React.JSX.Element {
  return (
    <Screen>
      <Brand aria-label="About SyncTrade">
        <Logo to="/">SyncTrade</Logo>
        <p>Copy trades from one leader account to all your futures accounts in under 100 ms.</p>
        <p>One leader, many followers: sizing ratios, flatten all and a live order view in one place.</p>
      </Brand>
      <Panel>
        <MobileLogo to="/">SyncTrade</MobileLogo>
        <Card>{children}</Card>
      </Panel>
    </Screen>
  );
}
