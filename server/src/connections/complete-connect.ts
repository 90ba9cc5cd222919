import type { FastifyInstance } from 'fastify';
import type { ConnectOutcomeCode } from '@synctrade/api/messages';
import { BrokerError } from '../brokers/types';
import { AppError } from '../http/app-error';
import { consumeConnectState } from './connect-states';
import { insertConnection } from './connections-repo';
import { callbackUri } from './start-connect';

export type ConnectOutcome = { ok: true; connectionId: number } | { ok: false; code: ConnectOutcomeCode };

/**
 * The broker sent the browser back: spend the state, exchange the code, store the connection (credentials
 * sealed) with its accounts and tell the rest of the server. Failures become a code the page maps to text;
 * the broker's own reason for a refusal goes to the user's notifications.
 */
export async function completeConnect(
  app: FastifyInstance,
  input: { broker: string; code?: string; state?: string; error?: string },
): Promise<ConnectOutcome> {
  if (!input.state) return { ok: false, code: 'state_missing' };
  const pending = await consumeConnectState(app.db, input.state, input.broker);
  if (!pending) return { ok: false, code: 'state_expired' };
  if (input.error) return { ok: false, code: 'cancelled' };
  if (!input.code) return { ok: false, code: 'no_code' };
  const adapter = app.brokers.get(pending.broker);
  if (!adapter) return { ok: false, code: 'unavailable' };
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
    return { ok: true, connectionId };
  } catch (error: unknown) {
    app.log.warn({ err: error, broker: adapter.id }, 'broker authorization failed');
    const reason =
      error instanceof BrokerError || error instanceof AppError
        ? error.message
        : 'the broker did not accept the authorization';
    await app
      .notify(pending.userId, {
        kind: 'info',
        title: `Could not connect to ${adapter.name}`,
        message: `${pending.connectionName}: ${reason}`,
      })
      .catch((notifyError: unknown) => app.log.warn({ err: notifyError }, 'connect notification failed'));
    return { ok: false, code: 'refused' };
  }
}
