import type React from 'react';
import { useEffect } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import styled from 'styled-components';
import { PRODUCT_NAME } from '@synctrade/api';
import { ChevronIcon, LogoutIcon } from './icons';
import { useLayoutStore } from './layout-store';
import { MAIN_NAV, TRADE_HISTORY_GROUP, TRADE_HISTORY_NAV } from './nav-items';
import { useLogout } from '../auth/use-logout';

const Aside = styled.aside<{ $open: boolean }>`
  width: 240px;
  flex: none;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.color.surface};
  border-right: 1px solid ${({ theme }) => theme.color.border};
  @media (max-width: ${({ theme }) => theme.breakpoint.md}) {
    position: fixed;
    top: 0;
    bottom: 0;
    left: 0;
    z-index: 900;
    transform: translateX(${({ $open }) => ($open ? '0' : '-100%')});
    transition: transform 200ms ease;
    visibility: ${({ $open }) => ($open ? 'visible' : 'hidden')};
  }
`;

const Brand = styled.div`
  font-weight: 800;
  font-size: 20px;
  padding: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

const Link = styled(NavLink)`
  display: block;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border-radius: ${({ theme }) => theme.radius.sm};
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;
  &.active {
    background: ${({ theme }) => theme.color.surfaceRaised};
    color: ${({ theme }) => theme.color.primary};
    font-weight: 600;
  }
`;

const GroupButton = styled.button`
  display: flex;
  align-items: center;
  justify-content: space-between;
  width: 100%;
  background: none;
  border: none;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  cursor: pointer;
  text-align: left;
`;

const SubLinks = styled.div`
  display: flex;
  flex-direction: column;
  padding-left: ${({ theme }) => theme.space(4)};
`;

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: 899;
  background: ${({ theme }) => theme.color.overlay};
  @media (min-width: ${({ theme }) => theme.breakpoint.md}) {
    display: none;
  }
`;

const BottomLogout = styled.button`
  margin-top: auto;
  display: none;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  background: none;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  padding: ${({ theme }) => theme.space(2)};
  cursor: pointer;
  @media (max-width: ${({ theme }) => theme.breakpoint.md}) {
    display: flex;
  }
`;

/** The signed-in navigation (spec section 2, Shell). */
export function Sidebar(): React.JSX.Element {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { sidebarOpen, setSidebarOpen, historyOpen, setHistoryOpen } = useLayoutStore();
  const { logout, pending } = useLogout();

  // The Trade History group opens by itself under /trade-history; the small-screen sidebar closes on navigation.
  useEffect(() => {
    if (pathname.startsWith(TRADE_HISTORY_GROUP.to)) setHistoryOpen(true);
    setSidebarOpen(false);
  }, [pathname, setHistoryOpen, setSidebarOpen]);

  const toggleHistory = (): void => {
    const next = !historyOpen;
    setHistoryOpen(next);
    if (next) navigate(TRADE_HISTORY_NAV[0]!.to);
  };

  return (
    <>
      {sidebarOpen && <Overlay data-testid="sidebar-overlay" onClick={() => setSidebarOpen(false)} />}
      <Aside $open={sidebarOpen} id="sidebar">
        <Brand>{PRODUCT_NAME}</Brand>
        <nav aria-label="Main">
          {MAIN_NAV.map((item) => (
            <Link key={item.to} to={item.to}>
              {item.label}
            </Link>
          ))}
          <GroupButton type="button" aria-expanded={historyOpen} onClick={toggleHistory}>
            {TRADE_HISTORY_GROUP.label}
            <ChevronIcon open={historyOpen} size={16} />
          </GroupButton>
          {historyOpen && (
            <SubLinks>
              {TRADE_HISTORY_NAV.map((item) => (
                <Link key={item.to} to={item.to}>
                  {item.label}
                </Link>
              ))}
            </SubLinks>
          )}
        </nav>
        <BottomLogout type="button" onClick={() => void logout()} disabled={pending}>
          <LogoutIcon size={18} />
          Logout
        </BottomLogout>
      </Aside>
    </>
  );
}
