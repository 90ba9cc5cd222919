import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BrokerError, type BrokerCredentials, type BrokerSession } from '../../brokers/types';
import { AppError } from '../../http/app-error';
import { ticketAccountOf } from './ticket-account-first';

const MOVING = 'Your copy group is moving to another server node; try again in a moment';
export const ORDER_NOT_FOUND = 'Order not found';

/**
 * Runs one command on the paper session of the request's account, as the ticket does: only on the node that
 * serves the account's copy group, a venue refusal answered as a 400 with its reason.
 */
export async function onPaperSession<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  command: (session: BrokerSession, externalId: string) => Promise<T>,
): Promise<T> {
  const account = ticketAccountOf(request);
  const adapter = app.brokers.get('sim');
  if (adapter === undefined) throw AppError.notFound('The paper broker is not available');
  // In a cluster the group's paper accounts live in its owner's venue only, once it opened the group. Checked
  // right before the session is made (nothing is awaited between): opening one here otherwise would make
  // fresh accounts and store them over the ledger behind the owner's back.
  const { placement } = app;
  const userId = request.user.id;
  const served = (): boolean => placement.servesPaper(userId, account.connection_id);
  if (!served()) throw new AppError(503, MOVING, { headers: { 'retry-after': '1' } });
  const opened = await adapter.openSession({
    connectionId: account.connection_id,
    environment: account.environment,
    credentials: app.secrets.open<BrokerCredentials>(account.credentials),
  });
  // Checked again as the command goes: the group may have started moving meanwhile.
  const session = placement.paperSession(opened, userId, account.connection_id);
  try {
    return await command(session, account.external_id);
  } catch (error: unknown) {
    if (!served()) throw new AppError(503, MOVING, { headers: { 'retry-after': '1' } });
    // Another account's order id answers as an unknown one: tenants never learn of each other's orders.
    if (error instanceof BrokerError && error.code === 'not_found') throw AppError.notFound(ORDER_NOT_FOUND);
    if (error instanceof BrokerError) throw AppError.badRequest(error.message);
    throw error;
  } finally {
    await session.close();
  }
}
