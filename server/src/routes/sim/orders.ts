import type { FastifyPluginAsync } from 'fastify';
import { SUCCESS } from '@synctrade/api/messages';
import type { MessageResponse, TicketOrderPayload } from '@synctrade/api/types';
import { AppError } from '../../http/app-error';
import { MAX_WORKING_PER_ACCOUNT } from '../../paper/list-bounds';
import { ticketCommand } from '../../paper/ticket';
import { onPaperSession } from './paper-session';
import { ticketAccountFirst, ticketAccountOf } from './ticket-account-first';

/** Resolves on the event loop's next turn, once the microtasks queued now (a copier's job among them) ran. */
function afterCopies(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** `POST /sim/orders`: the desk's order ticket, a paper order on one of the caller's sim accounts. */
export const ticketRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: TicketOrderPayload }>(
    '/sim/orders',
    {
      preHandler: [app.authenticate, ticketAccountFirst(app.db)],
      schema: { tags: ['sim'], security: [{ bearer: [] }] },
    },
    async (request): Promise<MessageResponse> => {
      const account = ticketAccountOf(request);
      const venue = app.paperVenue;
      const command = ticketCommand(request.body, account.external_id, new Date(), (root) =>
        venue.prices.price(root),
      );
      if (
        command.type !== 'Market' &&
        app.paperVenue.workingOrders([account.external_id]).length >= MAX_WORKING_PER_ACCOUNT
      )
        throw AppError.conflict(
          `A paper account can keep at most ${MAX_WORKING_PER_ACCOUNT} working orders: cancel some first`,
        );
      const order = await onPaperSession(app, request, (session) => session.placeOrder(command));
      // The order's fill reached the copier on this same turn. When the venue stores within the turn (its
      // ledger's journal in files), the copies (planned, sent, stored by the venue, acknowledged) run within it
      // too, so they go before the answer is written. When the venue waits for the database, so do the copies,
      // and the answer has nothing to give way to.
      if (app.paperVenue.answersWithinTurn) await afterCopies();
      return {
        message: `${SUCCESS.ticket}: ${command.side === 'buy' ? 'Buy' : 'Sell'} ${command.qty} ${command.symbol} (${order.status === 'Filled' ? 'filled' : order.status.toLowerCase()})`,
      };
    },
  );
};
