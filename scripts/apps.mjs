// The frontend apps of the workspace, in build order (the host last so a report ends with the shell). The
// remotes come from their one list, shared/config/remotes.json.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { REMOTES } = require('../shared/config/remotes.js');

export const REMOTE_APPS = REMOTES.map(({ pkg, name }) => ({ pkg, name }));

export const APPS = [...REMOTE_APPS, { pkg: 'host', name: 'host' }];

/** A remote by its federation name or its package folder. */
export function findRemote(nameOrPkg) {
  return REMOTE_APPS.find((app) => app.name === nameOrPkg || app.pkg === nameOrPkg);
}
