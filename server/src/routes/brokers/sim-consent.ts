import type { FastifyPluginAsync } from 'fastify';
import { SqlPaperAuthorizations } from '../../brokers/paper/sql-authorizations';
import { renderAuthorizePage, renderProblemPage } from '../../paper/consent-page';

interface AuthorizeQuery {
  state?: string;
  redirect_uri?: string;
  environment?: string;
}

const UNKNOWN_REQUEST = 'This authorization request is unknown or has expired. Start the connection again.';

/** `GET/POST /brokers/sim/authorize`: the paper broker's consent page and its Authorize button. */
export const consentRoutes: FastifyPluginAsync = async (app) => {
  // The same rows as the adapter's: the page may be served by another node than the one that started the flow.
  const authorizations = new SqlPaperAuthorizations(app.db);
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
    const consent = await authorizations.pending(state);
    reply.type('text/html; charset=utf-8');
    if (consent === undefined || consent.redirectUri !== redirectUri)
      return reply.code(400).send(renderProblemPage(UNKNOWN_REQUEST));
    return reply.send(
      renderAuthorizePage({ state, redirectUri, environment, action: request.url.split('?')[0] ?? '' }),
    );
  });

  app.post<{ Body: { state?: unknown } }>('/brokers/sim/authorize', async (request, reply) => {
    const state = typeof request.body?.state === 'string' ? request.body.state : '';
    const approved = await authorizations.approve(state);
    if (approved === undefined) {
      reply.type('text/html; charset=utf-8');
      return reply.code(400).send(renderProblemPage(UNKNOWN_REQUEST));
    }
    const target = new URL(approved.redirectUri);
    target.searchParams.set('code', approved.code);
    target.searchParams.set('state', state);
    return reply.redirect(target.toString(), 302);
  });
};
