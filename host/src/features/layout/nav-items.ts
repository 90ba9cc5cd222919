export interface NavItem {
  label: string;
  to: string;
}

export const MAIN_NAV: NavItem[] = [
  { label: 'Home', to: '/dashboard' },
  { label: 'Connection', to: '/connections' },
  { label: 'Sync Desk', to: '/syncdesk' },
];

export const TRADE_HISTORY_NAV: NavItem[] = [
  { label: 'Dashboard', to: '/trade-history/dashboard' },
  { label: 'Daily', to: '/trade-history/daily' },
  { label: 'Weekly', to: '/trade-history/weekly' },
];

/** Every page the top-bar search can jump to. */
export const SEARCHABLE_PAGES: NavItem[] = [
  ...MAIN_NAV,
  ...TRADE_HISTORY_NAV.map((item) => ({ ...item, label: `Trade History ${item.label}` })),
  { label: 'Notifications', to: '/notifications' },
  { label: 'Profile', to: '/profile' },
];
