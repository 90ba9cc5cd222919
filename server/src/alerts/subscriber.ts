import { createHash } from 'node:crypto';
import type { Notification } from '@synctrade/api/types';
import type { Db } from '../db/db';
import type { NotifyInput } from '../types/fastify';
import { channelsFor } from './channels-repo';
import { eventOfNotification, screenOf } from './events';
import { enqueueAlerts, type OutboxCap } from './outbox-repo';

type Notify = (userId: number, input: NotifyInput) => Promise<Notification>;

/** The same words from the engine within this window are one event (a retried report, a second node). */
const DEDUPE_WINDOW_MS = 10 * 60_000;

export interface AlertFeed {
  db: Db;
  publicUrl: string;
  cap: OutboxCap;
  /** Wakes the delivery worker. */
  queued: () => void;
  log: (error: unknown) => void;
}

/**
 * `app.notify` with the alert channels behind it: every notification the server raises (the copy engine's
 * notices, the prop-firm guard, broker connections) is stored and pushed as before, then queued in the outbox for
 * each channel that receives its event. A failure to queue never fails the notification.
 */
export function feedAlerts(notify: Notify, feed: AlertFeed): Notify {
  return async (userId, input) => {
    const notification = await notify(userId, input);
    const event = eventOfNotification(input);
    if (event === null) return notification;
    try {
      const channels = await channelsFor(feed.db, userId, event);
      const bucket = Math.floor(Date.now() / DEDUPE_WINDOW_MS);
      const dedupeKey = createHash('sha256')
        .update(`${event}\n${input.title}\n${input.message}\n${bucket}`)
        .digest('hex')
        .slice(0, 32);
      const payload = { title: input.title, text: input.message, url: screenOf(event, feed.publicUrl) };
      await enqueueAlerts(
        feed.db,
        channels.map((channelId) => ({ userId, channelId, event, payload, dedupeKey })),
        feed.cap,
      );
      if (channels.length > 0) feed.queued();
    } catch (error) {
      feed.log(error);
    }
    return notification;
  };
}
