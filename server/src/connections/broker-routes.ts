import type { FastifyPluginAsync } from 'fastify';
import type { Broker, ConnectResponse } from '@synctrade/api/types';
import { connectQuerySchema } from '@synctrade/api/validation';
import { validateObject } from '../http/validate';
import { apiKeyConnectRoutes } from './api-key-connect';
import { listBrokers } from './broker-catalog';
import { completeConnect } from './complete-connect';
import { startConnect } from './start-connect';

// Fallback for brokers that do not echo `state`: the browser carries it in a short-lived cookie.
const STATE_COOKIE = 'synctrade_connect_state';

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 && value.length <= 4096 ? value : undefined;
}

/** The broker list and the connect flow (start, then the broker's redirect back). */
export const brokerRoutes: FastifyPluginAsync = async (app) => {
  const secured = { preHandler: app.authenticate };
  await app.register(apiKeyConnectRoutes);

  app.get(
    '/brokers',
    { ...secured, schema: { tags: ['brokers'], security: [{ bearer: [] }] } },
    async (): Promise<Broker[]> => listBrokers(app.brokers),
  );

  app.get(
    '/brokers/:broker/connect',
    { ...secured, schema: { tags: ['brokers'], security: [{ bearer: [] }] } },
    async (request, reply) => {
      const { broker } = request.params as { broker: string };
      const query = validateObject(connectQuerySchema, request.query);
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

  // No bearer here: the browser arrives from the broker's page; the single-use state identifies the user.
  app.get('/brokers/:broker/callback', { schema: { tags: ['brokers'] } }, async (request, reply) => {
    const { broker } = request.params as { broker: string };
    const query = request.query as Record<string, unknown>;
    const outcome = await completeConnect(app, {
      broker,
      code: text(query.code),
      state: text(query.state) ?? cookieValue(request.headers.cookie, STATE_COOKIE),
      error: text(query.error),
    });
    const status = outcome.ok ? 'success' : 'error';
    void reply.header(
      'set-cookie',
      `${STATE_COOKIE}=; Path=/api/v1/brokers; Max-Age=0; HttpOnly; SameSite=Lax`,
    );
    return reply.redirect(
      `/connections?status=${status}&message=${encodeURIComponent(outcome.message)}`,
      302,
    );
  });
};
