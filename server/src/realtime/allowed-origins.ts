import type { AppConfig } from '../config/config';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** The origins a browser page of this product is served from: the public URL's and the configured ones. */
export function allowedOrigins(config: AppConfig): Set<string> {
  const own = new URL(config.publicUrl);
  const origins = new Set<string>([own.origin]);
  // A local server is reached by any of its loopback names.
  if (LOOPBACK_NAMES.includes(own.hostname)) {
    for (const name of LOOPBACK_NAMES)
      origins.add(`${own.protocol}//${name}${own.port ? `:${own.port}` : ''}`);
  }
  for (const origin of [...config.corsOrigins, ...config.connectOrigins, ...config.scriptOrigins]) {
    try {
      origins.add(new URL(origin).origin);
    } catch {
      // A malformed configured origin allows nothing.
    }
  }
  return origins;
}
