import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { cacheStaticFile, IMMUTABLE, NO_STORE, REVALIDATE } from './cache-policy';
import { readDeployState } from './deploy-state';
import { publicUrlRedirect } from './public-url-redirect';
import { REMOTES } from './remote-catalog';
import { robotsText } from './robots';
import type { WebConfig } from './web-config';

// The builds ship Brotli and gzip copies of their text files (file.js.br, file.js.gz): each request gets the
// smallest its browser accepts, with nothing compressed per request.
const PRECOMPRESSED = { preCompressed: true } as const;

/**
 * Serves the composed product in the default single-machine set-up: the host at `/`, each remote's build under
 * `/remotes/<name>/`, deployed versions under `/deploy/<name>/<version>/`, and the runtime `remotes.json` and
 * `config.json` the host reads at start.
 */
export const webPlugin: FastifyPluginAsync<WebConfig> = async (app, config) => {
  const hostDist = path.join(config.webRoot, 'host', 'dist');

  app.get('/config.json', async (_request, reply) => {
    reply.header('Cache-Control', NO_STORE);
    return { apiBaseUrl: config.apiBaseUrl, feedUrl: config.feedUrl };
  });

  // Answered here, not by the app: a crawler must get text, never the single-page app's HTML.
  const robots = robotsText();
  app.get('/robots.txt', async (_request, reply) => {
    reply.header('Cache-Control', REVALIDATE);
    return reply.type('text/plain; charset=utf-8').send(robots);
  });

  app.get('/remotes.json', async (_request, reply) => {
    const state = await readDeployState(config.deployDir);
    const remotes: Record<string, string> = {};
    for (const { name } of REMOTES) {
      const deployed = state.remotes[name]?.current;
      remotes[name] =
        config.remoteOverrides[name] ??
        (deployed ? `/deploy/${name}/${deployed}/mf-manifest.json` : `/remotes/${name}/mf-manifest.json`);
    }
    reply.header('Cache-Control', NO_STORE);
    return remotes;
  });

  // Remote files are fetched by the federation runtime, possibly from pages on other origins.
  const remoteHeaders = (reply: FastifyReply, filePath: string): void => {
    reply.header('Access-Control-Allow-Origin', '*');
    cacheStaticFile(reply, filePath);
  };
  for (const { name, dir } of REMOTES) {
    const root = path.join(config.webRoot, dir, 'dist');
    if (!existsSync(root)) continue;
    await app.register(fastifyStatic, {
      root,
      prefix: `/remotes/${name}/`,
      decorateReply: false,
      index: false,
      ...PRECOMPRESSED,
      setHeaders: (reply, filePath) => remoteHeaders(reply, filePath),
    });
  }
  const deployed = path.join(config.deployDir, 'remotes');
  mkdirSync(deployed, { recursive: true });
  await app.register(fastifyStatic, {
    root: deployed,
    prefix: '/deploy/',
    decorateReply: false,
    index: false,
    ...PRECOMPRESSED,
    allowedPath: (pathName) => !pathName.includes('..'),
    setHeaders: (res) => {
      res.header('Access-Control-Allow-Origin', '*');
      // A deployed version's folder never changes: everything in it can be cached for good.
      res.header('Cache-Control', IMMUTABLE);
    },
  });

  if (!existsSync(hostDist)) {
    app.log.warn('host/dist is missing: run `pnpm build` to serve the web app');
    return;
  }
  await app.register(fastifyStatic, {
    root: hostDist,
    prefix: '/',
    index: false,
    ...PRECOMPRESSED,
    // Files are listed once at start (the host is immutable while the server runs), leaving `/*` to the SPA.
    wildcard: false,
    setHeaders: (res, filePath) => cacheStaticFile(res, filePath),
  });
  // Every other address is a page of the single-page app (its own not-found page included), except the API's.
  app.get('/*', (request, reply) => {
    if (/^\/(api|ws|remotes|deploy|static)(\/|$)/.test(request.url)) {
      return reply.code(404).send({ detail: 'Not found' });
    }
    const elsewhere =
      config.publicUrl === undefined
        ? undefined
        : publicUrlRedirect(
            config.publicUrl,
            config.redirectToPublicUrl ?? 'auto',
            request.host,
            request.url,
          );
    if (elsewhere !== undefined) {
      reply.header('Cache-Control', NO_STORE);
      return reply.redirect(elsewhere, 302);
    }
    reply.header('Cache-Control', REVALIDATE);
    return reply.sendFile('index.html', hostDist);
  });
};
