import type { FastifyInstance } from 'fastify';

/**
 * One line per answered request at `debug` (`LOG_LEVEL=debug`), instead of Fastify's two lines per request at
 * `info`: under load those lines were a good part of a read's time and filled the log with health checks.
 * Failures keep their own line at `error` from the error handler; a slow answer is logged at `warn`.
 */
const SLOW_MS = 1000;

export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const ms = reply.elapsedTime;
    if (ms >= SLOW_MS)
      request.log.warn(
        { method: request.method, url: request.url, status: reply.statusCode, ms },
        'slow request',
      );
    else
      request.log.debug(
        { method: request.method, url: request.url, status: reply.statusCode, ms },
        'request',
      );
    done();
  });
}
