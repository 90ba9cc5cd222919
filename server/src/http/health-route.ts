import type { FastifyPluginAsync } from 'fastify';

/** `GET /health`: the process answers and the database too. */
export const healthRoute: FastifyPluginAsync = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['health'], summary: 'Liveness and database check' } },
    async (_request, reply) => {
      try {
        await app.db.query('SELECT 1');
        return { status: 'ok', database: 'ok', time: new Date().toISOString() };
      } catch {
        return reply.code(503).send({ detail: 'Database unavailable' });
      }
    },
  );
};
