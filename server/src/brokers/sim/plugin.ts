import type { FastifyPluginAsync } from 'fastify';
import { SUCCESS } from '@synctrade/api/messages';
import type { MarketQuote, MessageResponse } from '@synctrade/api/types';
import { AppError } from '../../http/app-error';
import { MAX_ID, parseId } from '../../http/ids';
import { BrokerError, type BrokerCredentials, type Environment } from '../types';
import { renderAuthorizePage, renderProblemPage } from './authorize-page';
import { sharedSimAuthorizations } from './shared-authorizations';
import { ticketCommand } from './ticket';

interface PaperLedger {
  cash_balance: number;
  realized_pnl: number;
  open_pnl: number;
  positions: Array<{ symbol: string; net_pos: number; avg_price: number }>;
  working_orders: Array<{
    order_id: string;
    symbol: string;
    side: string;
    qty: number;
    type: string;
    price: number | null;
    stop_price: number | null;
  }>;
}

interface AuthorizeQuery {
  state?: string;
  redirect_uri?: string;
  environment?: string;
}

/** Routes of the built-in paper broker: its consent page (the venue's "OAuth"), the ticket and quotes. */
export const simPlugin: FastifyPluginAsync = async (app) => {
  const authorizations = sharedSimAuthorizations();
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
  }

  app.get<{ Querystring: AuthorizeQuery }>('/brokers/sim/authorize', async (request, reply) => {
    const { state = '', redirect_uri: redirectUri = '', environment = 'demo' } = request.query;
    const consent = authorizations.pending(state);
    reply.type('text/html; charset=utf-8');
    if (consent === undefined || consent.redirectUri !== redirectUri) {
      return reply
        .code(400)
        .send(
          renderProblemPage(
            'This authorization request is unknown or has expired. Start the connection again.',
          ),
        );
    }
    return reply.send(
      renderAuthorizePage({ state, redirectUri, environment, action: request.url.split('?')[0] ?? '' }),
    );
  });

  app.post<{ Body: { state?: unknown } }>('/brokers/sim/authorize', async (request, reply) => {
    const state = typeof request.body?.state === 'string' ? request.body.state : '';
    const approved = authorizations.approve(state);
    if (approved === undefined) {
      reply.type('text/html; charset=utf-8');
      return reply
        .code(400)
        .send(
          renderProblemPage(
            'This authorization request is unknown or has expired. Start the connection again.',
          ),
        );
    }
    const target = new URL(approved.redirectUri);
    target.searchParams.set('code', approved.code);
    target.searchParams.set('state', state);
    return reply.redirect(target.toString(), 302);
  });

  app.get(
    '/market/quotes',
    { preHandler: app.authenticate, schema: { tags: ['market'], security: [{ bearer: [] }] } },
    async (): Promise<MarketQuote[]> => app.simVenue.quotes(),
  );

  // A paper account's ledger as the venue holds it: positions, working orders and money (support, tests, demos).
  app.get<{ Params: { id: string } }>(
    '/sim/accounts/:id/ledger',
    { preHandler: app.authenticate, schema: { tags: ['sim'], security: [{ bearer: [] }] } },
    async (request): Promise<PaperLedger> => {
      const id = parseId(request.params.id, 'Account not found');
      const [account] = await app.db.query<{ external_id: string; broker: string }>(
        `SELECT a.external_id, c.broker FROM broker_accounts a JOIN connections c ON c.id = a.connection_id
         WHERE a.id = $1 AND a.user_id = $2`,
        [id, request.user.id],
      );
      if (account === undefined) throw AppError.notFound('Account not found');
      if (account.broker !== 'sim')
        throw AppError.badRequest('Only paper (sim) accounts have a paper ledger');
      const venue = app.simVenue;
      await venue.stored();
      const snapshot = venue.snapshot(account.external_id);
      return {
        cash_balance: snapshot.cashBalance,
        realized_pnl: snapshot.realizedPnl,
        open_pnl: snapshot.openPnl,
        positions: venue
          .positions([account.external_id])
          .map((p) => ({ symbol: p.symbol, net_pos: p.netPos, avg_price: p.avgPrice })),
        working_orders: venue.workingOrders([account.external_id]).map((o) => ({
          order_id: o.orderId,
          symbol: o.symbol,
          side: o.side,
          qty: o.qty - o.filledQty,
          type: o.type,
          price: o.price,
          stop_price: o.stopPrice,
        })),
      };
    },
  );

  // The desk's order ticket: a paper order on one of the caller's sim accounts (e.g. on the leader, to watch it copied).
  app.post(
    '/sim/orders',
    { preHandler: app.authenticate, schema: { tags: ['sim'], security: [{ bearer: [] }] } },
    async (request): Promise<MessageResponse> => {
      const accountId = (request.body as { account_id?: unknown } | null)?.account_id;
      // Beyond MAX_ID no row can match (and the database would refuse the number).
      if (
        typeof accountId !== 'number' ||
        !Number.isInteger(accountId) ||
        accountId < 1 ||
        accountId > MAX_ID
      )
        throw AppError.badRequest('account_id must be an account id');
      const [account] = await app.db.query<{
        external_id: string;
        broker: string;
        credentials: string;
        environment: Environment;
        connection_id: number;
        enabled: boolean;
      }>(
        `SELECT a.external_id, c.broker, c.credentials, c.environment, c.id AS connection_id, (a.enabled AND c.enabled) AS enabled
       FROM broker_accounts a JOIN connections c ON c.id = a.connection_id WHERE a.id = $1 AND a.user_id = $2`,
        [accountId, request.user.id],
      );
      if (account === undefined) throw AppError.notFound('Account not found');
      if (account.broker !== 'sim')
        throw AppError.badRequest('The order ticket works only on paper (sim) accounts');
      if (!account.enabled) throw AppError.badRequest('This account is disabled');
      const command = ticketCommand(request.body, account.external_id, new Date());
      const adapter = app.brokers.get('sim');
      if (adapter === undefined) throw AppError.notFound('The paper broker is not available');
      const session = await adapter.openSession({
        connectionId: account.connection_id,
        environment: account.environment,
        credentials: app.secrets.open<BrokerCredentials>(account.credentials),
      });
      try {
        const order = await session.placeOrder(command);
        return {
          message: `${SUCCESS.ticket}: ${command.side === 'buy' ? 'Buy' : 'Sell'} ${command.qty} ${command.symbol} (${order.status === 'Filled' ? 'filled' : order.status.toLowerCase()})`,
        };
      } catch (error: unknown) {
        if (error instanceof BrokerError) throw AppError.badRequest(error.message);
        throw error;
      } finally {
        await session.close();
      }
    },
  );
};
