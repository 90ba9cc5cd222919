import type { FastifyPluginAsync } from 'fastify';
import { findAccountWithConnection } from '../../connections/accounts-repo';
import { AppError } from '../../http/app-error';
import { parseId } from '../../http/ids';
import { MAX_WORKING_PER_ACCOUNT } from '../../paper/list-bounds';
import { paperLedger, type PaperLedger } from '../../paper/paper-ledger';
import { listBound } from '../../lists/list-bound';
import { ACCOUNT_NOT_FOUND } from '../../copier/repo/owned-account';

/** `GET /sim/accounts/:id/ledger`: a paper account's ledger as the venue holds it (support, tests, demos). */
export const ledgerRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { id: string } }>(
    '/sim/accounts/:id/ledger',
    listBound(
      { preHandler: app.authenticate, schema: { tags: ['sim'], security: [{ bearer: [] }] } },
      `The paper account's positions (one per contract) and working orders: at most ${MAX_WORKING_PER_ACCOUNT}.`,
    ),
    async (request): Promise<PaperLedger> => {
      const id = parseId(request.params.id, ACCOUNT_NOT_FOUND);
      const account = await findAccountWithConnection(app.db, request.user.id, id);
      if (account === undefined) throw AppError.notFound(ACCOUNT_NOT_FOUND);
      if (account.broker !== 'sim')
        throw AppError.badRequest('Only paper (sim) accounts have a paper ledger');
      return paperLedger(app.paperVenue, account.external_id);
    },
  );
};
