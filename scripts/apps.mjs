// The frontend apps of the workspace, in build order (the host last so a report ends with the shell).
export const APPS = [
  { pkg: 'landing', name: 'landing' },
  { pkg: 'remote-auth', name: 'auth' },
  { pkg: 'remote-connections', name: 'connections' },
  { pkg: 'remote-syncdesk', name: 'syncdesk' },
  { pkg: 'remote-history', name: 'history' },
  { pkg: 'remote-profile', name: 'profile' },
  { pkg: 'host', name: 'host' },
];
