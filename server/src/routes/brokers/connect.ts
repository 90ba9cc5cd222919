import type { FastifyPluginAsync } from 'fastify';
import type { Broker, ConnectQuery, ConnectResponse } from '@synctrade/api/types';
import { listBrokers } from '../../connections/broker-catalog';
import { completeConnect, type ConnectOutcome } from '../../connections/complete-connect';
import { startConnect } from '../../connections/start-connect';

// The browser that started a flow carries its state in a short-lived cookie: a callback arriving in a browser
// with another pending flow is refused. The cookie never stands in for the `state` parameter.
const STATE_COOKIE = 'synctrade_connect_state';

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return rest.join('=');
    }
  }
  return undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 && value.length <= 4096 ? value : undefined;
}

/** The broker list and the connect flow (start, then the broker's redirect back). */
export const brokerRoutes: FastifyPluginAsync = async (app) => {
  const secured = { preHandler: app.authenticate };

  app.get(
    '/brokers',
    { ...secured, schema: { tags: ['brokers'], security: [{ bearer: [] }] } },
    async (): Promise<Broker[]> => listBrokers(app.brokers),
  );

  app.get<{ Querystring: ConnectQuery }>(
    '/brokers/:broker/connect',
    { ...secured, schema: { tags: ['brokers'], security: [{ bearer: [] }] } },
    async (request, reply) => {
      const { broker } = request.params as { broker: string };
      const query = request.query;
      const started = await startConnect(app, {
        userId: request.user.id,
        broker,
        connectionName: query.connection_name,
        environment: query.environment ?? 'demo',
      });
      const secure = app.config.publicUrl.startsWith('https:') ? '; Secure' : '';
      void reply.header(
        'set-cookie',
        `${STATE_COOKIE}=${encodeURIComponent(started.state)}; Path=/api/v1/brokers; Max-Age=600; HttpOnly; SameSite=Lax${secure}`,
      );
      const body: ConnectResponse = { url: started.url, message: started.message };
      return body;
    },
  );

  // No bearer here: the browser arrives from the broker's page; the single-use `state` the broker echoes names
  // the user's pending flow. Without it nothing is attached to anyone.
  app.get('/brokers/:broker/callback', { schema: { tags: ['brokers'] } }, async (request, reply) => {
    const { broker } = request.params as { broker: string };
    const query = request.query as Record<string, unknown>;
    const state = text(query.state);
    const browserState = cookieValue(request.headers.cookie, STATE_COOKIE);
    const outcome: ConnectOutcome =
      state !== undefined && browserState !== undefined && browserState !== state
        ? { ok: false, code: 'other_window' }
        : await completeConnect(app, { broker, code: text(query.code), state, error: text(query.error) });
    void reply.header(
      'set-cookie',
      `${STATE_COOKIE}=; Path=/api/v1/brokers; Max-Age=0; HttpOnly; SameSite=Lax`,
    );
    // Only a code and an id travel in the address: the page shows its own text for them.
    const target = outcome.ok
      ? `/connections?status=success&connection=${outcome.connectionId}`
      : `/connections?status=error&code=${outcome.code}`;
    return reply.redirect(target, 302);
  });
};
