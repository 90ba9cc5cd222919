import swagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { expandPathValues, operationIdOf, routeDocs, type OpenApiPaths } from './operations';

const BEARER = [{ bearer: [] }];

/** The route's request hooks (`app.authenticate` runs in `onRequest`, see `http/route-schemas.ts`). */
function hooksOf(route: RouteOptions): unknown[] {
  const hooks = [route.onRequest, route.preHandler].flat();
  return hooks.filter((hook) => hook !== undefined);
}

/**
 * Collects every route registered after it; the document is served at `/api/v1/openapi.json`. Every operation
 * has an id, a summary and its security (the bearer token where the route signs the caller in, none where it
 * is public); the single-page app's catch-all is not part of the API. The server is named by a relative URL,
 * so the document holds wherever the server is reached. Its route is `routes/openapi.ts`.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'SyncTrade API',
        version: '1.0.0',
        description: 'Cloud trade copier API. Every error answers `{ detail }`.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: ({ schema, url, route }) => {
      // The web app's pages are not part of the API (and a `*` path has no parameter to name).
      if (url.includes('*')) return { schema: { ...schema, hide: true }, url };
      const docs = routeDocs(route.method, url);
      const own = schema as { summary?: string };
      // `app.authenticate` is decorated after this plugin: read when the document is built.
      const signedIn = hooksOf(route).includes(app.authenticate);
      return {
        schema: {
          ...schema,
          ...(own.summary === undefined && docs.summary !== undefined ? { summary: docs.summary } : {}),
          security: signedIn ? BEARER : [],
        } as typeof schema,
        url,
      };
    },
    transformObject: (documents) => {
      const document = 'openapiObject' in documents ? documents.openapiObject : documents.swaggerObject;
      const paths = expandPathValues((document.paths ?? {}) as OpenApiPaths);
      for (const [path, operations] of Object.entries(paths))
        for (const [method, operation] of Object.entries(operations))
          operation.operationId = operationIdOf(method, path);
      return { ...document, paths } as typeof document;
    },
  });
}
