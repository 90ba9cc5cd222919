import type React from 'react';
import { Link } from 'react-router';
import styled, { css } from 'styled-components';
import { useStore } from 'zustand';
import { authStore } from '@synctrade/api';
import { useTheme } from '@synctrade/ui';
import { BellIcon, LogoutIcon, MenuIcon, MoonIcon, SunIcon, UserIcon } from './icons';
import { useLayoutStore } from './layout-store';
import { useLogout } from '../auth/use-logout';
import { TopSearch } from '../search/top-search';
import { useUnreadCount } from '../notifications/notifications-store';

const Bar = styled.header`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(5)}`};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
  position: sticky;
  top: 0;
  z-index: 800;
`;

const iconStyle = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  position: relative;
  width: 38px;
  height: 38px;
  border-radius: 50%;
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};
  color: ${({ theme }) => theme.color.text};
  cursor: pointer;
  text-decoration: none;
  overflow: hidden;
  flex: none;
`;

const IconButton = styled.button`
  ${iconStyle}
`;

const IconLink = styled(Link)`
  ${iconStyle}
`;

const MenuButton = styled(IconButton)`
  @media (min-width: ${({ theme }) => theme.breakpoint.md}) {
    display: none;
  }
`;

const LogoutButton = styled(IconButton)`
  @media (max-width: ${({ theme }) => theme.breakpoint.md}) {
    display: none;
  }
`;

const Badge = styled.span`
  position: absolute;
  top: -2px;
  right: -2px;
  min-width: 18px;
  height: 18px;
  padding: 0 4px;
  border-radius: 9px;
  background: ${({ theme }) => theme.color.danger};
  color: ${({ theme }) => theme.color.surface};
  font-size: 11px;
  line-height: 18px;
  text-align: center;
`;

const Avatar = styled.img`
  width: 100%;
  height: 100%;
  object-fit: cover;
`;

const Spacer = styled.div`
  flex: 1;
`;

export function TopBar(): React.JSX.Element {
  const { theme, toggleTheme } = useTheme();
  const setSidebarOpen = useLayoutStore((state) => state.setSidebarOpen);
  const photo = useStore(authStore, (state) => state.user?.photo_url ?? null);
  const unread = useUnreadCount();
  const { logout, pending } = useLogout();
  return (
    <Bar>
      <MenuButton
        type="button"
        aria-label="Open menu"
        aria-controls="sidebar"
        onClick={() => setSidebarOpen(true)}
      >
        <MenuIcon />
      </MenuButton>
      <TopSearch />
      <Spacer />
      <IconButton
        type="button"
        aria-label={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
        onClick={toggleTheme}
      >
        {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
      </IconButton>
      <IconLink to="/notifications" aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}>
        <BellIcon />
        {unread > 0 && <Badge aria-hidden="true">{unread > 99 ? '99+' : unread}</Badge>}
      </IconLink>
      <IconLink to="/profile" aria-label="Profile">
        {photo ? <Avatar src={photo} alt="" width={38} height={38} /> : <UserIcon />}
      </IconLink>
      <LogoutButton type="button" aria-label="Logout" onClick={() => void logout()} disabled={pending}>
        <LogoutIcon />
      </LogoutButton>
    </Bar>
  );
}
