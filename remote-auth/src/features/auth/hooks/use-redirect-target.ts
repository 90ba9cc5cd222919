import { useSearchParams } from 'react-router-dom';

const DEFAULT_TARGET = '/dashboard';

/**
 * Where to go after sign-in: the `from` the guard kept (path and query), only when it is a path of this
 * site. Anything else (`//evil.test`, `https://…`, `/\evil`) falls back to the dashboard: no open redirect.
 */
export function safeRedirectTarget(from: string | null): string {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\'))
    return DEFAULT_TARGET;
  try {
    const base = 'http://site.invalid';
    const url = new URL(from, base);
    if (url.origin !== base) return DEFAULT_TARGET;
    const target = `${url.pathname}${url.search}${url.hash}`;
    // Dot segments can fold into a leading `//` (`/.//evil.test` → `//evil.test`): that is another host.
    if (target.startsWith('//') || target.startsWith('/\\')) return DEFAULT_TARGET;
    // Coming back to a sign-in screen would loop.
    return /^\/(login|forgot-password|reset-password)\b/.test(url.pathname) ? DEFAULT_TARGET : target;
  } catch {
    return DEFAULT_TARGET;
  }
}

export function useRedirectTarget(): string {
  const [params] = useSearchParams();
  return safeRedirectTarget(params.get('from'));
}
