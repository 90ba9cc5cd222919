/**
 * Which remote draws a page, by its path. Only a head start: the entry uses it to fetch the page's remote
 * while the shell's own code is still loading. The route table (app/app-routes.tsx) decides what renders; a
 * page missing here just loads its remote when its route renders.
 */
const PAGE_REMOTES: readonly { path: RegExp; remote: string }[] = [
  { path: /^\/$/, remote: 'landing' },
  { path: /^\/(login|forgot-password|reset-password)\/?$/, remote: 'auth' },
  { path: /^\/connections(\/|$)/, remote: 'connections' },
  { path: /^\/syncdesk(\/|$)/, remote: 'syncdesk' },
  { path: /^\/trade-history(\/|$)/, remote: 'trade_history' },
  { path: /^\/profile(\/|$)/, remote: 'profile' },
];

export function remoteOfPage(pathname: string): string | undefined {
  return PAGE_REMOTES.find(({ path }) => path.test(pathname))?.remote;
}
