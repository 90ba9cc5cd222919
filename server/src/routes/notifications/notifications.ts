import type { FastifyPluginAsync } from 'fastify';
import type { NotificationList } from '@synctrade/api/types';
import { AppError } from '../../http/app-error';
import { parseId } from '../../http/ids';
import {
  countUnread,
  listNotifications,
  markAllRead,
  markRead,
  NOTIFICATIONS_BOUND,
} from '../../notifications/notifications-repo';

const NOT_FOUND = 'Notification not found';

export const notificationRoutes: FastifyPluginAsync = async (app) => {
  const secured = { preHandler: app.authenticate };
  const schema = { tags: ['notifications'], security: [{ bearer: [] }] };

  const listSchema = { ...schema, description: NOTIFICATIONS_BOUND };
  app.get('/notifications', { ...secured, schema: listSchema }, async (request) => {
    const body: NotificationList = {
      notifications: await listNotifications(app.db, request.user.id),
      unread: await countUnread(app.db, request.user.id),
    };
    return body;
  });

  // Registered before `/:id/read` so the static segment wins.
  app.put('/notifications/read-all', { ...secured, schema }, async (request) => {
    await markAllRead(app.db, request.user.id);
    return { message: 'All notifications marked as read' };
  });

  app.put('/notifications/:id/read', { ...secured, schema }, async (request) => {
    const id = parseId((request.params as { id: string }).id, NOT_FOUND);
    if (!(await markRead(app.db, request.user.id, id))) throw AppError.notFound(NOT_FOUND);
    return { message: 'Notification marked as read' };
  });
};
