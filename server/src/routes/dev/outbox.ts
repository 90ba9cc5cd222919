import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../http/app-error';
import { latestOutboxMail } from '../../mail/outbox-mailer';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

/** True for a listening address only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host) || host.startsWith('127.');
}

function isLoopbackPeer(address: string | undefined): boolean {
  if (address === undefined) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

/**
 * `GET /dev/outbox/latest?to=` — test-only (TEST_OUTBOX_READER=true on a loopback-bound server). The caller's
 * socket address must be loopback too: a forwarded address is never trusted here.
 */
export const devOutboxRoutes: FastifyPluginAsync = async (app) => {
  app.get('/dev/outbox/latest', { schema: { hide: true } }, async (request) => {
    if (!isLoopbackPeer(request.socket.remoteAddress)) throw AppError.notFound('Not found');
    const { to } = request.query as { to?: unknown };
    if (typeof to !== 'string' || to.trim() === '')
      throw AppError.badRequest('Query parameter to is required');
    const mail = await latestOutboxMail(app.config.outboxDir, to);
    if (!mail) throw AppError.notFound('No mail for this address');
    return mail;
  });
};
