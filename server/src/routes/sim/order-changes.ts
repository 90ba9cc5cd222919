import type { FastifyPluginAsync } from 'fastify';
import { SUCCESS } from '@synctrade/api/messages';
import type { MessageResponse, TicketCancelPayload, TicketChangePayload } from '@synctrade/api/types';
import { specOf } from '@synctrade/market';
import { AppError } from '../../http/app-error';
import { ORDER_NOT_FOUND, onPaperSession } from './paper-session';
import { ticketAccountFirst } from './ticket-account-first';

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
