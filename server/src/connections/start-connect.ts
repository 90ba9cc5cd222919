import type { FastifyInstance } from 'fastify';
import { SUCCESS } from '@synctrade/api/messages';
import type { ConnectResponse, Environment } from '@synctrade/api/types';
import { BrokerError } from '../brokers/types';
import { AppError } from '../http/app-error';
import { knownBrokerName } from './broker-catalog';
import { createConnectState } from './connect-states';

/** Where the broker sends the browser back: built from configuration, never from the request. */
export function callbackUri(app: FastifyInstance, broker: string): string {
  return `${app.config.publicUrl}/api/v1/brokers/${broker}/callback`;
}

/** Starts the OAuth-style flow: a single-use state, then the broker's consent address. */
export async function startConnect(
  app: FastifyInstance,
  input: { userId: number; broker: string; connectionName: string; environment: Environment },
): Promise<ConnectResponse & { state: string }> {
  const adapter = app.brokers.get(input.broker);
  if (!adapter) {
    if (input.broker === 'tradovate') {
      throw AppError.badRequest(
        'Tradovate is not configured on this server: its OAuth client credentials are missing',
      );
    }
    const name = knownBrokerName(input.broker);
    if (name) throw AppError.badRequest(`${name} cannot be connected yet`);
    throw AppError.notFound('Broker not found');
  }
  if (!adapter.connectable) throw AppError.badRequest(`${adapter.name} cannot be connected yet`);
  const state = await createConnectState(app.db, {
    userId: input.userId,
    broker: adapter.id,
    connectionName: input.connectionName,
    environment: input.environment,
  });
  let url: string;
  try {
    const params = { state, environment: input.environment, redirectUri: callbackUri(app, adapter.id) };
    await adapter.prepareAuthorization?.(params);
    url = adapter.authorizeUrl(params);
  } catch (error: unknown) {
    if (error instanceof BrokerError || error instanceof Error) throw AppError.badRequest(error.message);
    throw error;
  }
  const message = adapter.id === 'tradovate' ? SUCCESS.connect : `Redirecting to ${adapter.name}`;
  return { url, message, state };
}
