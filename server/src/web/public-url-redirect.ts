/**
 * One address per browser origin: a page opened on another name of this same server (127.0.0.1 when the
 * public URL says localhost) would keep its token in that origin's storage, while every broker callback and
 * reset link comes back on the public URL, where that browser has no token. Page loads arriving on another
 * name are therefore sent to the public URL before the app starts; files, the API and the feed are served
 * on any name (health checks and scripts keep calling 127.0.0.1).
 *
 * - `auto` (default): only between loopback names of the same port (localhost, 127.0.0.1, [::1]), so a
 *   proxy that rewrites the Host header, or a LAN address, is never redirected in a loop or away.
 * - `always`: every other host name (a deployment whose proxy keeps the Host header, or with trustProxy).
 * - `never`: off.
 */
export type PublicUrlRedirectMode = 'auto' | 'always' | 'never';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function parseRedirectMode(value: string | undefined): PublicUrlRedirectMode {
  const mode = (value ?? '').trim().toLowerCase();
  if (mode === '' || mode === 'auto') return 'auto';
  if (mode === 'always' || mode === 'never') return mode;
  throw new Error(`REDIRECT_TO_PUBLIC_URL must be auto, always or never (got "${value}")`);
}

function hostAndPort(host: string, protocol: string): { name: string; port: string } {
  const url = new URL(`${protocol}//${host}`);
  return { name: url.hostname.toLowerCase(), port: url.port || (protocol === 'https:' ? '443' : '80') };
}

/**
 * Where a page request for `path` (path and query) that arrived with Host `requestHost` should go instead,
 * or undefined to serve it here.
 */
export function publicUrlRedirect(
  publicUrl: string,
  mode: PublicUrlRedirectMode,
  requestHost: string | undefined,
  path: string,
): string | undefined {
  if (mode === 'never' || !requestHost) return undefined;
  const target = new URL(publicUrl);
  if (requestHost.toLowerCase() === target.host.toLowerCase()) return undefined;
  if (mode === 'auto') {
    let asked: { name: string; port: string };
    try {
      asked = hostAndPort(requestHost, target.protocol);
    } catch {
      return undefined;
    }
    const wanted = hostAndPort(target.host, target.protocol);
    if (!LOOPBACK.has(asked.name) || !LOOPBACK.has(wanted.name) || asked.port !== wanted.port)
      return undefined;
    if (asked.name === wanted.name) return undefined;
  }
  const base = publicUrl.replace(/\/+$/, '');
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}
