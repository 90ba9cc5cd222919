import type { FastifyInstance } from 'fastify';

/** The OpenAPI document (`openapi/openapi.ts` collects every route registered after it). */
export async function openApiRoute(app: FastifyInstance): Promise<void> {
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
