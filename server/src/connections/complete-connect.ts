import type { FastifyInstance } from 'fastify';
import { BrokerError } from '../brokers/types';
import { consumeConnectState } from './connect-states';
import { insertConnection } from './connections-repo';
import { callbackUri } from './start-connect';

export type ConnectOutcome = { ok: true; message: string } | { ok: false; message: string };

/**
 * The broker sent the browser back: spend the state, exchange the code, store the connection (credentials
 * sealed) with its accounts and tell the rest of the server. Failures become a message for the page.
 */
export async function completeConnect(
  app: FastifyInstance,
  input: { broker: string; code?: string; state?: string; error?: string },
): Promise<ConnectOutcome> {
  if (!input.state)
    return { ok: false, message: 'The connection request is missing its state, please try again' };
  const pending = await consumeConnectState(app.db, input.state, input.broker);
  if (!pending) return { ok: false, message: 'The connection request has expired, please try again' };
  if (input.error) return { ok: false, message: 'Authorization was cancelled at the broker' };
  if (!input.code) return { ok: false, message: 'The broker sent no authorization code' };
  const adapter = app.brokers.get(pending.broker);
  if (!adapter) return { ok: false, message: 'This broker is not available' };
  try {
    const result = await adapter.completeAuthorization({
      code: input.code,
      environment: pending.environment,
      redirectUri: callbackUri(app, adapter.id),
    });
    const connectionId = await insertConnection(app.db, {
      userId: pending.userId,
      broker: adapter.id,
      name: pending.connectionName,
      environment: pending.environment,
      sealedCredentials: app.secrets.seal(result.credentials),
      result,
    });
    app.events.emit('connection:created', { userId: pending.userId, connectionId });
    app.events.emit('accounts:changed', { userId: pending.userId });
    return { ok: true, message: `Connection ${pending.connectionName} added successfully` };
  } catch (error: unknown) {
    app.log.warn({ err: error, broker: adapter.id }, 'broker authorization failed');
    const reason =
      error instanceof BrokerError ? error.message : 'the broker did not accept the authorization';
    return { ok: false, message: `Could not connect to ${adapter.name}: ${reason}` };
  }
}
