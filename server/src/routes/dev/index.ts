import type { FastifyPluginAsync } from 'fastify';
import { devOutboxRoutes, isLoopbackHost } from './outbox';

/** `/dev/*`: the test outbox reader, off by default (`TEST_OUTBOX_READER`), and only on a loopback `HOST`. */
export const devPrefix: FastifyPluginAsync = async (app) => {
  const { config } = app;
  if (config.testOutboxReader) {
    if (isLoopbackHost(config.host)) await app.register(devOutboxRoutes);
    else app.log.warn('TEST_OUTBOX_READER is ignored: the server listens beyond this machine (HOST)');
  }
};
