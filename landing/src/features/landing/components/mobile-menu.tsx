import type React from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { NAV_ANCHORS } from '../content/nav';
import { CtaLink, SIGN_UP } from './cta-link';
import { TOP_BAR_HEIGHT } from './section';
import { ThemeToggle } from './theme-toggle';

const MenuButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: ${({ theme }) => theme.color.text};
  cursor: pointer;
  @media (min-width: ${({ theme }) => theme.breakpoint.md}) {
    display: none;
  }
`;

const Panel = styled.div`
  position: fixed;
  top: ${TOP_BAR_HEIGHT}px;
  left: 0;
  right: 0;
  padding: ${({ theme }) => theme.space(5)};
  background: ${({ theme }) => theme.color.surface};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  box-shadow: ${({ theme }) => theme.shadow};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  li a {
    display: block;
    padding: ${({ theme }) => theme.space(3)} 0;
    color: ${({ theme }) => theme.color.text};
    text-decoration: none;
    font-weight: 600;
  }
  &[hidden] {
    display: none;
  }
  @media (min-width: ${({ theme }) => theme.breakpoint.md}) {
    display: none;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;

const LoginButton = styled(Link)`
  flex: 1;
  text-align: center;
  padding: ${({ theme }) => theme.space(2.5)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  color: ${({ theme }) => theme.color.text};
  font-weight: 700;
  text-decoration: none;
`;

export interface MobileMenuProps {
  /** Prefix of the anchors' addresses: empty on the landing, `/` elsewhere. */
  anchorBase?: string;
  open: boolean;
  onToggle(): void;
  onClose(): void;
}

/** The small-screen menu: a button that opens and closes the anchors, Login and the trial button. */
export function MobileMenu({ anchorBase = '', open, onToggle, onClose }: MobileMenuProps): React.JSX.Element {
  return (
    <>
      <MenuButton type="button" aria-expanded={open} aria-controls="landing-mobile-menu" onClick={onToggle}>
        <span className="sr-only">{open ? 'Close menu' : 'Open menu'}</span>
        <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <path
            d={open ? 'M4 4l12 12M16 4L4 16' : 'M3 5h14M3 10h14M3 15h14'}
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      </MenuButton>
      <Panel id="landing-mobile-menu" hidden={!open}>
        <nav aria-label="Mobile">
          <ul>
            {NAV_ANCHORS.map((anchor) => (
              <li key={anchor.id}>
                <a href={`${anchorBase}#${anchor.id}`} onClick={onClose}>
                  {anchor.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <Row>
          <ThemeToggle />
          <LoginButton to="/login" onClick={onClose}>
            Login
          </LoginButton>
          <CtaLink to={SIGN_UP} onClick={onClose}>
            Start Free Trial
          </CtaLink>
        </Row>
      </Panel>
    </>
  );
}
