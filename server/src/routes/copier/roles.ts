import type { FastifyPluginAsync } from 'fastify';
import { SUCCESS } from '@synctrade/api/messages';
import type { CrossPayload, LeaderChangePayload, MessageResponse, RatioPayload } from '@synctrade/api/types';
import { AppError } from '../../http/app-error';
import type { CopierRouteOptions } from '../../copier/route-options';
import { ownedAccount, settleWithin } from '../../copier/repo/owned-account';
import {
  disableAllFollowers,
  setCross,
  setLeader,
  setRatio,
  toggleFollower,
} from '../../copier/repo/settings-repo';
import { GROUP_NOT_FOUND, groupOfAccount, listGroups, ownedGroup } from '../../copier/repo/groups-repo';
import { parseId } from '../../http/ids';
import { accountOf, ownedAccountFirst } from '../owned-account-first';

/** Leader, follow toggle, ratio, Cross and "disable all followers". */
export const roleRoutes: FastifyPluginAsync<CopierRouteOptions> = async (app, { engine, touch }) => {
  const secured = { preHandler: app.authenticate, schema: { tags: ['copier'], security: [{ bearer: [] }] } };
  const changed = async (userId: number): Promise<void> => {
    await settleWithin(engine.refreshUser(userId));
    touch(userId);
  };

  app.put<{ Params: { id: string }; Body: LeaderChangePayload }>(
    '/copier/accounts/:id/master',
    { ...secured, preHandler: [app.authenticate, ownedAccountFirst(app.db)] },
    async (request): Promise<MessageResponse> => {
      const account = accountOf(request);
      const { followers } = request.body;
      await setLeader(app.db, request.user.id, account.id, account.is_master, followers);
      await changed(request.user.id);
      // Align: every follower of the account's group goes to the new leader × ratio now, auto-sync on or off.
      if (followers === 'align') {
        const group = await ownedGroup(
          app.db,
          request.user.id,
          await groupOfAccount(app.db, request.user.id, account.id),
        );
        await settleWithin(engine.sync(request.user.id, group.follower_account_ids));
      }
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
      await toggleFollower(app.db, account.id, account.is_follower);
      await changed(request.user.id);
      return { message: SUCCESS.follower };
    },
  );

  app.put<{ Params: { id: string }; Body: RatioPayload }>(
    '/copier/accounts/:id/ratio',
    { ...secured, preHandler: [app.authenticate, ownedAccountFirst(app.db)] },
    async (request): Promise<MessageResponse> => {
      await setRatio(app.db, accountOf(request).id, request.body.ratio);
      await changed(request.user.id);
      return { message: SUCCESS.ratio };
    },
  );

  app.put<{ Params: { id: string }; Body: CrossPayload }>(
    '/copier/accounts/:id/cross',
    { ...secured, preHandler: [app.authenticate, ownedAccountFirst(app.db)] },
    async (request): Promise<MessageResponse> => {
      await setCross(app.db, accountOf(request).id, request.body.cross);
      await changed(request.user.id);
      return { message: SUCCESS.cross };
    },
  );

  app.put<{ Querystring: { groupId?: string } }>(
    '/copier/followers/disable-all',
    secured,
    async (request): Promise<MessageResponse> => {
      // The group shown on the desk; every group when none is named (the spec's call, "All accounts").
      const raw = request.query.groupId;
      const groups =
        raw === undefined
          ? await listGroups(app.db, request.user.id)
          : [await ownedGroup(app.db, request.user.id, parseId(raw, GROUP_NOT_FOUND))];
      await disableAllFollowers(
        app.db,
        groups.flatMap((group) => group.follower_account_ids),
      );
      await changed(request.user.id);
      return { message: SUCCESS.disableFollowers };
    },
  );
};
