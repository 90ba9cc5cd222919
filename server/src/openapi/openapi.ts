import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';

/** Collects every route registered after it; the document is served at `/api/v1/openapi.json`. */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'SyncTrade API',
        version: '1.0.0',
        description: 'Cloud trade copier API. Every error answers `{ detail }`.',
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
  });
}

export async function openApiRoute(app: FastifyInstance): Promise<void> {
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
