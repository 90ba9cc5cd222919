import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { SUCCESS } from '@synctrade/api/messages';
import type { MessageResponse, TicketCancelPayload, TicketChangePayload } from '@synctrade/api/types';
import { specOf } from '@synctrade/market';
import { BrokerError, type BrokerCredentials, type BrokerSession } from '../../brokers/types';
import { AppError } from '../../http/app-error';
import { ticketAccountFirst, ticketAccountOf } from './ticket-account-first';

const MOVING = 'Your copy group is moving to another server node; try again in a moment';
const ORDER_NOT_FOUND = 'Order not found';

/**
 * Runs one command on the paper session of the request's account, as the ticket does: only on the node that
 * serves the account's copy group, a venue refusal answered as a 400 with its reason.
 */
async function onPaperSession(
  app: FastifyInstance,
  request: FastifyRequest,
  command: (session: BrokerSession, externalId: string) => Promise<void>,
): Promise<void> {
  const account = ticketAccountOf(request);
  const adapter = app.brokers.get('sim');
  if (adapter === undefined) throw AppError.notFound('The paper broker is not available');
  const { placement } = app;
  const userId = request.user.id;
  const served = (): boolean => placement.servesPaper(userId, account.connection_id);
  if (!served()) throw new AppError(503, MOVING, { headers: { 'retry-after': '1' } });
  const opened = await adapter.openSession({
    connectionId: account.connection_id,
    environment: account.environment,
    credentials: app.secrets.open<BrokerCredentials>(account.credentials),
  });
  const session = placement.paperSession(opened, userId, account.connection_id);
  try {
    await command(session, account.external_id);
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

/**
 * `PATCH /sim/orders/:orderId` (new prices of a working paper order: a stop to break-even, a target moved, a
 * trail widened) and `POST /sim/orders/:orderId/cancel`.
 */
export const orderChangeRoutes: FastifyPluginAsync = async (app) => {
  const secured = {
    preHandler: [app.authenticate, ticketAccountFirst(app.db)],
    schema: { tags: ['sim'], security: [{ bearer: [] }] },
  };

  app.patch<{ Params: { orderId: string }; Body: TicketChangePayload }>(
    '/sim/orders/:orderId',
    secured,
    async (request): Promise<MessageResponse> => {
      const { orderId } = request.params;
      await onPaperSession(app, request, async (session, externalId) => {
        const order = (await session.workingOrders()).find(
          (o) => o.orderId === orderId && o.accountExternalId === externalId,
        );
        if (order === undefined) throw AppError.notFound(ORDER_NOT_FOUND);
        const tick = specOf(order.symbol)?.tickSize ?? 0.01;
        const { price, stop_price: stopPrice, trail_ticks: trailTicks } = request.body;
        await session.modifyOrder({
          accountExternalId: externalId,
          orderId,
          qty: order.qty,
          type: order.type,
          ...(price === undefined ? {} : { price }),
          ...(stopPrice === undefined ? {} : { stopPrice }),
          ...(trailTicks === undefined ? {} : { trail: Number((trailTicks * tick).toFixed(10)) }),
        });
      });
      return { message: SUCCESS.ticketChange };
    },
  );

  app.post<{ Params: { orderId: string }; Body: TicketCancelPayload }>(
    '/sim/orders/:orderId/cancel',
    secured,
    async (request): Promise<MessageResponse> => {
      await onPaperSession(app, request, (session, externalId) =>
        session.cancelOrder(externalId, request.params.orderId),
      );
      return { message: SUCCESS.ticketCancel };
    },
  );
};
