import remoteList from '@synctrade/config/remotes.json';

// Pages behind sign-in show a crawler nothing but the sign-in form; the shell's own signed-in pages are not
// in the remote list.
const SHELL_SIGNED_IN = ['/dashboard', '/notifications'];

/**
 * `/robots.txt`: the public pages (landing, guides, legal, sign-in) may be indexed; the API, the build files
 * and every signed-in area may not. Built from the one list of remotes so a new signed-in area is covered.
 */
export function robotsText(): string {
  const signedIn = remoteList
    .filter((remote) => remote.access === 'signed-in')
    .flatMap((remote) => remote.paths);
  const closed = [
    '/api/',
    '/ws',
    '/remotes/',
    '/deploy/',
    '/reset-password',
    ...SHELL_SIGNED_IN,
    ...signedIn,
  ];
  return ['User-agent: *', 'Allow: /', ...closed.map((path) => `Disallow: ${path}`), ''].join('\n');
}
