import type { FastifyPluginAsync } from 'fastify';
import { LEADER_CHANGE_MESSAGE, SUCCESS } from '@synctrade/api/messages';
import { ratioSchema } from '@synctrade/api/validation';
import type { LeaderChangeFollowers, MessageResponse } from '@synctrade/api/types';
import { AppError } from '../../http/app-error';
import { validateObject } from '../../http/validate';
import type { CopierRouteOptions } from './route-options';
import { ownedAccount, settleWithin } from './owned-account';

/**
 * What a leader change does to the followers' positions: `align` brings them to the new leader × ratio at once,
 * `keep` (the default, so no call closes positions unasked) leaves them until the new leader's next trade.
 */
function leaderChangeChoice(body: unknown): LeaderChangeFollowers {
  if (body === undefined || body === null || body === '') return 'keep';
  if (typeof body !== 'object' || Array.isArray(body)) throw AppError.badRequest(LEADER_CHANGE_MESSAGE.body);
  const { followers, ...rest } = body as { followers?: unknown };
  if (Object.keys(rest).length > 0) throw AppError.badRequest(LEADER_CHANGE_MESSAGE.body);
  if (followers === undefined) return 'keep';
  if (followers !== 'align' && followers !== 'keep')
    throw AppError.badRequest(LEADER_CHANGE_MESSAGE.followers);
  return followers;
}

/** Leader, follow toggle, ratio, Cross and "disable all followers". */
export const roleRoutes: FastifyPluginAsync<CopierRouteOptions> = async (app, { engine, touch }) => {
  const secured = { preHandler: app.authenticate, schema: { tags: ['copier'], security: [{ bearer: [] }] } };
  const changed = async (userId: number): Promise<void> => {
    await settleWithin(engine.refreshUser(userId));
    touch(userId);
  };

  app.put<{ Params: { id: string } }>(
    '/copier/accounts/:id/master',
    secured,
    async (request): Promise<MessageResponse> => {
      const account = await ownedAccount(app.db, request.user.id, request.params.id);
      const followers = leaderChangeChoice(request.body);
      await app.db.tx(async (tx) => {
        // The old leader becomes a plain account; the new one is not a follower.
        await tx.query(
          'UPDATE broker_accounts SET is_master = false, is_follower = false, updated_at = now() WHERE user_id = $1 AND is_master AND id <> $2',
          [request.user.id, account.id],
        );
        await tx.query(
          'UPDATE broker_accounts SET is_master = true, is_follower = false, updated_at = now() WHERE id = $1',
          [account.id],
        );
        // Choosing the leader it already is leaves the followers' waits as they are.
        if (account.is_master) return;
        await tx.query(
          'DELETE FROM copy_follower_waits WHERE account_id IN (SELECT id FROM broker_accounts WHERE user_id = $1)',
          [request.user.id],
        );
        // Keep: the followers stay as they are (flagged out of sync) until the new leader's next trade.
        if (followers === 'keep')
          await tx.query(
            `INSERT INTO copy_follower_waits (account_id, leader_account_id)
             SELECT id, $2 FROM broker_accounts WHERE user_id = $1 AND is_follower AND id <> $2`,
            [request.user.id, account.id],
          );
      });
      await changed(request.user.id);
      // Align: every follower goes to the new leader × ratio now, auto-sync on or off.
      if (followers === 'align') await settleWithin(engine.sync(request.user.id));
      return { message: SUCCESS.master };
    },
  );

  app.put<{ Params: { id: string } }>(
    '/copier/accounts/:id/follower',
    secured,
    async (request): Promise<MessageResponse> => {
      const account = await ownedAccount(app.db, request.user.id, request.params.id);
      if (account.is_master)
        throw AppError.badRequest('The leader account cannot follow itself: choose another leader first');
      await app.db.query(
        'UPDATE broker_accounts SET is_follower = NOT is_follower, updated_at = now() WHERE id = $1',
        [account.id],
      );
      // Following anew starts from leader × ratio, not from a wait chosen for an earlier leader change.
      await app.db.query('DELETE FROM copy_follower_waits WHERE account_id = $1', [account.id]);
      // Following again clears a risk stop: the user decided to resume.
      if (!account.is_follower)
        await app.db.query('DELETE FROM copy_account_state WHERE account_id = $1', [account.id]);
      await changed(request.user.id);
      return { message: SUCCESS.follower };
    },
  );

  app.put<{ Params: { id: string } }>(
    '/copier/accounts/:id/ratio',
    secured,
    async (request): Promise<MessageResponse> => {
      const account = await ownedAccount(app.db, request.user.id, request.params.id);
      const { ratio } = validateObject(ratioSchema, request.body);
      await app.db.query('UPDATE broker_accounts SET ratio = $2, updated_at = now() WHERE id = $1', [
        account.id,
        ratio,
      ]);
      await changed(request.user.id);
      return { message: SUCCESS.ratio };
    },
  );

  app.put<{ Params: { id: string } }>(
    '/copier/accounts/:id/cross',
    secured,
    async (request): Promise<MessageResponse> => {
      const account = await ownedAccount(app.db, request.user.id, request.params.id);
      const cross = (request.body as { cross?: unknown } | null)?.cross;
      if (typeof cross !== 'boolean') throw AppError.badRequest('cross must be true or false');
      await app.db.query('UPDATE broker_accounts SET "cross" = $2, updated_at = now() WHERE id = $1', [
        account.id,
        cross,
      ]);
      await changed(request.user.id);
      return { message: SUCCESS.cross };
    },
  );

  app.put('/copier/followers/disable-all', secured, async (request): Promise<MessageResponse> => {
    await app.db.query(
      'UPDATE broker_accounts SET is_follower = false, updated_at = now() WHERE user_id = $1 AND is_follower',
      [request.user.id],
    );
    await changed(request.user.id);
    return { message: SUCCESS.disableFollowers };
  });
};
