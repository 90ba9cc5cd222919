/** The federation remotes the default set-up serves: name in `remotes.json` → the package folder that builds it. */
export const REMOTES = [
  { name: 'landing', dir: 'landing' },
  { name: 'auth', dir: 'remote-auth' },
  { name: 'connections', dir: 'remote-connections' },
  { name: 'syncdesk', dir: 'remote-syncdesk' },
  { name: 'trade_history', dir: 'remote-history' },
  { name: 'profile', dir: 'remote-profile' },
] as const;

export type RemoteName = (typeof REMOTES)[number]['name'];
