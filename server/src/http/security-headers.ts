import cors from '@fastify/cors';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/config';

/**
 * Helmet with a CSP that allows no inline script: scripts from this origin and the configured remote
 * origins only. Inline styles stay allowed because styled-components injects <style> tags at runtime.
 */
/** Browser features the product never uses, turned off for every page and any frame. */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';

/** The feed's address on this server's own origin (ws: for http, wss: for https). */
function ownFeedOrigin(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}

export async function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): Promise<void> {
  const remotes = [...new Set([...config.scriptOrigins, ...config.corsOrigins])];
  // Pages may call this server (and its feed) and the configured origins only: never any ws: host.
  const connect = [
    ...new Set(["'self'", ownFeedOrigin(config.publicUrl), ...remotes, ...config.connectOrigins]),
  ];
  const applyHelmet = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...remotes],
        // A remote served from another origin starts its workers from a same-origin blob that imports the
        // worker's script (browsers refuse a worker script of another origin); the import itself is script-src's.
        workerSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: connect,
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    hsts: { maxAge: 31_536_000, includeSubDomains: true },
    // Remote entry scripts and photos are fetched across origins in the federated set-up.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  });
  // Built once: the Fastify wrapper rebuilt every header from these options on each request, a tenth of an
  // API read's time under load.
  app.addHook('onRequest', (request, reply, done) => {
    applyHelmet(request.raw, reply.raw, () => done());
  });
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
  // CORS only for the configured origins; with none configured, no cross-origin caller is allowed.
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    maxAge: 600,
  });
}
