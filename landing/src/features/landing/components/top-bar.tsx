import type React from 'react';
import { useState } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { useEscape } from '@synctrade/ui';
import { NAV_ANCHORS } from '../content/nav';
import { CtaLink, SIGN_UP } from './cta-link';
import { MobileMenu } from './mobile-menu';
import { TOP_BAR_HEIGHT } from './section';
import { ThemeToggle } from './theme-toggle';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 20;
  height: ${TOP_BAR_HEIGHT}px;
  background: ${({ theme }) => theme.color.bg};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
`;

const Inner = styled.div`
  max-width: 1160px;
  height: 100%;
  margin: 0 auto;
  padding: 0 ${({ theme }) => theme.space(5)};
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(6)};
`;

export const Logo = styled(Link)`
  font-size: 20px;
  font-weight: 800;
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;
  margin-right: auto;
`;

const Links = styled.ul`
  display: none;
  list-style: none;
  margin: 0;
  padding: 0;
  gap: ${({ theme }) => theme.space(6)};
  a {
    color: ${({ theme }) => theme.color.text};
    text-decoration: none;
    font-weight: 500;
  }
  a:hover {
    color: ${({ theme }) => theme.color.primary};
  }
  @media (min-width: ${({ theme }) => theme.breakpoint.md}) {
    display: flex;
  }
`;

const Actions = styled.div`
  display: none;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  @media (min-width: ${({ theme }) => theme.breakpoint.md}) {
    display: flex;
  }
`;

const LoginLink = styled(Link)`
  color: ${({ theme }) => theme.color.text};
  font-weight: 600;
  text-decoration: none;
  padding: ${({ theme }) => theme.space(2)};
`;

/**
 * The sticky top bar: anchors, Login, Start Free Trial, and the menu button on small screens. `anchorBase` is
 * `/` on pages other than the landing, whose anchors then lead back to the landing's sections.
 */
export function TopBar({ anchorBase = '' }: { anchorBase?: string }): React.JSX.Element {
  const [menuOpen, setMenuOpen] = useState(false);
  useEscape(menuOpen, () => setMenuOpen(false));
  return (
    <Bar>
      <Inner>
        <Logo to="/" aria-label="SyncTrade home">
          SyncTrade
        </Logo>
        <nav aria-label="Main">
          <Links>
            {NAV_ANCHORS.map((anchor) => (
              <li key={anchor.id}>
                <a href={`${anchorBase}#${anchor.id}`}>{anchor.label}</a>
              </li>
            ))}
          </Links>
        </nav>
        <Actions>
          <ThemeToggle />
          <LoginLink to="/login">Login</LoginLink>
          <CtaLink to={SIGN_UP}>Start Free Trial</CtaLink>
        </Actions>
        <MobileMenu
          anchorBase={anchorBase}
          open={menuOpen}
          onToggle={() => setMenuOpen((open) => !open)}
          onClose={() => setMenuOpen(false)}
        />
      </Inner>
    </Bar>
  );
}
