import type { FastifyInstance } from 'fastify';
import type { AuthorizationResult, BrokerAdapter, Environment } from '../../brokers/types';
import { knownBrokerName } from '../../connections/broker-catalog';
import { insertConnection } from '../../connections/connections-repo';
import { AppError } from '../../http/app-error';

/** The broker named in the address: 404 when the product has no such broker, 400 when it has no adapter yet. */
export function namedAdapter(app: FastifyInstance, broker: string): BrokerAdapter {
  const adapter = app.brokers.get(broker);
  if (adapter) return adapter;
  const name = knownBrokerName(broker);
  if (name) throw AppError.badRequest(`${name} cannot be connected yet`);
  throw AppError.notFound('Broker not found');
}

/**
 * Stores a connection the broker has just checked (its credentials sealed, never answered back) and tells the
 * desk and the live feed; answers the new connection's id.
 */
export async function storeCheckedConnection(
  app: FastifyInstance,
  userId: number,
  input: { adapter: BrokerAdapter; name: string; environment: Environment; result: AuthorizationResult },
): Promise<number> {
  const connectionId = await insertConnection(app.db, {
    userId,
    broker: input.adapter.id,
    name: input.name,
    environment: input.environment,
    sealedCredentials: app.secrets.seal(input.result.credentials),
    result: input.result,
  });
  app.events.emit('connection:created', { userId, connectionId });
  app.events.emit('accounts:changed', { userId });
  return connectionId;
}
