import type { FastifyPluginAsync } from 'fastify';
import { GROUP_MESSAGE } from '@synctrade/api/messages';
import type { CopyGroup, GroupMovePayload, GroupNamePayload, MessageResponse } from '@synctrade/api/types';
import type { CopierRouteOptions } from '../../copier/route-options';
import { ownedAccount, settleWithin } from '../../copier/repo/owned-account';
import {
  createGroup,
  deleteGroup,
  GROUP_NOT_FOUND,
  GROUPS_BOUND,
  listGroups,
  moveAccount,
  renameGroup,
  setGroupPaused,
} from '../../copier/repo/groups-repo';
import { parseId } from '../../http/ids';
import { listBound } from '../../lists/list-bound';

/** The trader's copy groups: list, create, rename, pause, resume, delete, and moving an account between them. */
export const groupRoutes: FastifyPluginAsync<CopierRouteOptions> = async (app, { engine, touch }) => {
  const secured = { preHandler: app.authenticate, schema: { tags: ['copier'], security: [{ bearer: [] }] } };
  const changed = async (userId: number): Promise<void> => {
    await settleWithin(engine.refreshUser(userId));
    touch(userId);
  };
  const groupId = (raw: string): number => parseId(raw, GROUP_NOT_FOUND);
  // The leader's firm-rule breach lives in the engine (on the node that runs the trader's copying).
  const live = (userId: number, group: CopyGroup): CopyGroup =>
    group.leader_account_id === null
      ? group
      : { ...group, leader_breach: engine.leaderBreachOf(userId, group.leader_account_id) };

  app.get('/copier/groups', listBound(secured, GROUPS_BOUND), async (request): Promise<CopyGroup[]> =>
    (await listGroups(app.db, request.user.id)).map((group) => live(request.user.id, group)),
  );

  app.post<{ Body: GroupNamePayload }>(
    '/copier/groups',
    secured,
    async (request, reply): Promise<CopyGroup> => {
      const group = await createGroup(app.db, request.user.id, request.body.name);
      touch(request.user.id);
      return reply.code(201).send(group);
    },
  );

  app.put<{ Params: { id: string }; Body: GroupNamePayload }>(
    '/copier/groups/:id/name',
    secured,
    async (request): Promise<CopyGroup> => {
      const group = await renameGroup(app.db, request.user.id, groupId(request.params.id), request.body.name);
      touch(request.user.id);
      return live(request.user.id, group);
    },
  );

  for (const [action, paused] of [
    ['pause', true],
    ['resume', false],
  ] as const)
    app.post<{ Params: { id: string } }>(
      `/copier/groups/:id/${action}`,
      secured,
      async (request): Promise<CopyGroup> => {
        const group = await setGroupPaused(app.db, request.user.id, groupId(request.params.id), paused);
        await changed(request.user.id);
        return live(request.user.id, group);
      },
    );

  app.delete<{ Params: { id: string } }>(
    '/copier/groups/:id',
    secured,
    async (request): Promise<MessageResponse> => {
      await deleteGroup(app.db, request.user.id, groupId(request.params.id));
      await changed(request.user.id);
      return { message: GROUP_MESSAGE.deleted };
    },
  );

  app.post<{ Params: { id: string }; Body: GroupMovePayload }>(
    '/copier/groups/:id/accounts',
    secured,
    async (request): Promise<CopyGroup> => {
      const id = groupId(request.params.id);
      const account = await ownedAccount(app.db, request.user.id, String(request.body.account_id));
      const { position } = request.body;
      const group = await moveAccount(
        app.db,
        request.user.id,
        id,
        account.id,
        account.is_master,
        account.is_follower,
        position,
      );
      await changed(request.user.id);
      // Align: the moved account goes to its new leader × ratio now, auto-sync on or off.
      if (position === 'align' && group.leader_account_id !== null)
        await settleWithin(engine.sync(request.user.id, [account.id]), 10_000);
      return live(request.user.id, group);
    },
  );
};
