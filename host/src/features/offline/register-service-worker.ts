/**
 * Registers the shell's service worker (`/sw.js`, see host/public) in production builds, once the page has loaded
 * so it never competes with the first render. A browser without service workers, or one that refuses it (private
 * windows, an insecure origin), simply runs without the offline shell.
 */
export function registerServiceWorker(
  win: Pick<Window, 'addEventListener'> & { navigator: Navigator } = window,
  production: boolean = process.env.NODE_ENV === 'production',
): void {
  if (!production || !('serviceWorker' in win.navigator)) return;
  win.addEventListener('load', () => {
    win.navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  });
}
