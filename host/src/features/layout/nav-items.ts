import { navEntry } from '../federation/remote-catalog';

export interface NavItem {
  label: string;
  to: string;
}

export const MAIN_NAV: NavItem[] = [
  { label: 'Home', to: '/dashboard' },
  navEntry('connections'),
  navEntry('syncdesk'),
];

/** The collapsible group of the trade history remote's pages. */
export const TRADE_HISTORY_GROUP: NavItem = navEntry('trade_history');

export const TRADE_HISTORY_NAV: NavItem[] = [
  { label: 'Dashboard', to: `${TRADE_HISTORY_GROUP.to}/dashboard` },
  { label: 'Daily', to: `${TRADE_HISTORY_GROUP.to}/daily` },
  { label: 'Weekly', to: `${TRADE_HISTORY_GROUP.to}/weekly` },
];

/** Every page the top-bar search can jump to. */
export const SEARCHABLE_PAGES: NavItem[] = [
  ...MAIN_NAV,
  ...TRADE_HISTORY_NAV.map((item) => ({ ...item, label: `${TRADE_HISTORY_GROUP.label} ${item.label}` })),
  { label: 'Notifications', to: '/notifications' },
  navEntry('profile'),
];
