import type { FastifyPluginAsync } from 'fastify';
import { pingDb } from '../db/ping';

/** `GET /health`: the process answers and the database too. */
export const healthRoute: FastifyPluginAsync = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['health'], summary: 'Liveness and database check' } },
    async (_request, reply) => {
      try {
        await pingDb(app.db);
        return { status: 'ok', database: 'ok', time: new Date().toISOString() };
      } catch {
        return reply.code(503).send({ detail: 'Database unavailable' });
      }
    },
  );
};
