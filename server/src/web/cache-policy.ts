import type { FastifyReply } from 'fastify';

/** Files whose name carries their content hash never change: a year, and no revalidation. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Entries (main.js, remoteEntry.js), manifests and pages may change under the same name: kept, but
 * revalidated on every load (a 304 when unchanged), so a new build or a moved remote shows on the next load. */
export const REVALIDATE = 'no-cache';
/** Written per request (remotes.json, config.json): never stored. */
export const NO_STORE = 'no-store';

// Hashed script chunks (and their maps and precompressed copies) and hashed media.
const HASHED = /\.[0-9a-f]{8}\.chunk\.js(\.map)?(\.br|\.gz)?$|\/static\/media\//;

export function cacheStaticFile(reply: FastifyReply, filePath: string): void {
  reply.header('Cache-Control', HASHED.test(filePath) ? IMMUTABLE : REVALIDATE);
}
