import { REMOTES, type RemoteIdentity } from './remote-catalog';

/**
 * Which remote draws a page, by its path. Only a head start: the entry uses it to fetch the page's remote
 * while the shell's own code is still loading. The route table (app/app-routes.tsx) decides what renders; a
 * page missing here just loads its remote when its route renders.
 */
function drawsPage(remote: RemoteIdentity, pathname: string): boolean {
  return remote.paths.some((path) =>
    path === '/'
      ? pathname === '/'
      : // A public remote's own splat (`/legal/*`): every page under that folder.
        (path.endsWith('/*') && pathname.startsWith(path.slice(0, -1))) ||
        pathname === path ||
        pathname === `${path}/` ||
        (remote.access === 'signed-in' && pathname.startsWith(`${path}/`)),
  );
}

export function remoteOfPage(pathname: string): string | undefined {
  return REMOTES.find((remote) => drawsPage(remote, pathname))?.name;
}
