import type { FastifyInstance } from 'fastify';
import type { Notification } from '@synctrade/api/types';
import type { NotifyInput } from '../types/fastify';
import { countUnread, insertNotification } from './notifications-repo';

/** `app.notify`: stores the notification, then pushes it with the unread count on the user's feed. */
export function makeNotify(app: FastifyInstance) {
  return async function notify(userId: number, input: NotifyInput): Promise<Notification> {
    const notification = await insertNotification(app.db, userId, input);
    const unread = await countUnread(app.db, userId);
    app.realtime.publish(userId, { type: 'notification', notification, unread });
    return notification;
  };
}
