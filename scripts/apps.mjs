// The frontend apps of the workspace, in build order (the host last so a report ends with the shell).
export const APPS = [
  { pkg: 'landing', name: 'landing' },
  { pkg: 'remote-auth', name: 'auth' },
  { pkg: 'remote-connections', name: 'connections' },
  { pkg: 'remote-syncdesk', name: 'syncdesk' },
  { pkg: 'remote-history', name: 'trade_history' },
  { pkg: 'remote-profile', name: 'profile' },
  { pkg: 'host', name: 'host' },
];

export const REMOTE_APPS = APPS.filter((app) => app.pkg !== 'host');

/** A remote by its federation name or its package folder. */
export function findRemote(nameOrPkg) {
  return REMOTE_APPS.find((app) => app.name === nameOrPkg || app.pkg === nameOrPkg);
}
