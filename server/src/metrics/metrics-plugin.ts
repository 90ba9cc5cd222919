import { timingSafeEqual, createHash } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { countCopies } from './copy-counts';
import { createServerMetrics, type ServerMetrics } from './registry';

/** Compared as digests, so the time taken says nothing of the token's length or its first right characters. */
function sameToken(given: string, expected: string): boolean {
  const digest = (text: string): Buffer => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !header.startsWith('Bearer ')) return null;
  return header.slice('Bearer '.length);
}

/** Open sessions and the tightest login's request budget left, per broker (read when scraped). */
async function perBroker(
  app: FastifyInstance,
  brokerOf: (id: number) => Promise<string>,
): Promise<Map<string, { sessions: number; left: number }>> {
  const figures = new Map<string, { sessions: number; left: number }>();
  for (const entry of app.copier.engine.sessions.values()) {
    const broker = await brokerOf(entry.connectionId);
    const seen = figures.get(broker) ?? { sessions: 0, left: Number.POSITIVE_INFINITY };
    figures.set(broker, { sessions: seen.sessions + 1, left: Math.min(seen.left, entry.budget.left) });
  }
  return figures;
}

async function answer(metrics: ServerMetrics, reply: FastifyReply): Promise<string> {
  reply.header('content-type', metrics.registry.contentType);
  return metrics.registry.metrics();
}

/**
 * Operators' Prometheus metrics: on a listener of their own (METRICS_PORT, bound to METRICS_HOST), or on the public
 * port to a bearer of METRICS_TOKEN; neither set: nothing is exposed and nothing is collected.
 */
export async function registerMetrics(app: FastifyInstance): Promise<void> {
  const { port, host, token } = app.config.metrics;
  if (port === undefined && token === undefined) return;
  const brokers = new Map<number, Promise<string>>();
  const brokerOf = (connectionId: number): Promise<string> => {
    let broker = brokers.get(connectionId);
    if (broker === undefined) {
      broker = app.db
        .query<{ broker: string }>('SELECT broker FROM connections WHERE id = $1', [connectionId])
        .then((rows) => rows[0]?.broker ?? 'unknown');
      brokers.set(connectionId, broker);
    }
    return broker;
  };
  const metrics = createServerMetrics({
    feedSockets: () => app.realtime.socketCount(),
    dbPool: () => app.db.poolUse?.() ?? null,
    perBroker: () => perBroker(app, brokerOf),
  });
  const stopCounting = countCopies(app.copier.engine, metrics, brokerOf);
  app.addHook('onClose', async () => stopCounting());
  if (port !== undefined) {
    const own = Fastify({ logger: false });
    own.get('/metrics', (_request, reply) => answer(metrics, reply));
    app.addHook('onReady', async () => {
      await own.listen({ port, host });
    });
    app.addHook('onClose', async () => own.close());
    app.decorate('metricsServer', own);
    return;
  }
  const expected = token ?? '';
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = bearerOf(request);
    if (given === null || !sameToken(given, expected)) {
      reply.code(401).header('www-authenticate', 'Bearer');
      return { detail: 'A valid metrics token is required' };
    }
    return answer(metrics, reply);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics' own listener, when METRICS_PORT is set (tests read its address). */
    metricsServer?: FastifyInstance;
  }
}
