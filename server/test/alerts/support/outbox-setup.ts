import type { Db } from '../../../src/db/db';
import type { ChannelTarget } from '../../../src/alerts/channel-target';
import { createDeliver } from '../../../src/alerts/deliver';
import { loadAlertSettings, type AlertSettings } from '../../../src/alerts/settings';
import { DeliveryWorker } from '../../../src/alerts/worker';
import type { Mailer } from '../../../src/mail/mailer';

/** A channel row as the routes would store it. */
export async function addChannel(db: Db, userId: number, target: ChannelTarget): Promise<number> {
  const { kind, ...rest } = target;
  const [row] = await db.query<{ id: number }>(
    'INSERT INTO alert_channels (user_id, kind, label, target) VALUES ($1, $2, $3, $4) RETURNING id',
    [userId, kind, kind, JSON.stringify(rest)],
  );
  return row?.id ?? 0;
}

export function testSettings(env: NodeJS.ProcessEnv, overrides: Partial<AlertSettings> = {}): AlertSettings {
  return { ...loadAlertSettings(env), sendTimeoutMs: 2_000, ...overrides };
}

const noMail: Mailer = { send: () => Promise.reject(new Error('no mail in this test')) };

/** What the test workers logged: a test that expects none asserts it is empty. */
export const workerErrors: unknown[] = [];

/** A worker on `db` sending to the fakes the settings point at; polls often so tests wait little. */
export function testWorker(db: Db, settings: AlertSettings, mailer: Mailer = noMail): DeliveryWorker {
  return new DeliveryWorker({
    db,
    deliver: createDeliver(settings, mailer),
    pollMs: 20,
    backoffMs: settings.backoffMs,
    maxBackoffMs: settings.maxBackoffMs,
    maxAttempts: settings.maxAttempts,
    leaseMs: 30_000,
    batch: 1,
    log: (error) => {
      workerErrors.push(error);
    },
  });
}

/** Waits until `check` holds (no timed assertion: jest's own time-out ends a test that never gets there). */
export async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 10));
}

export async function outboxStates(
  db: Db,
  channelId: number,
): Promise<{ state: string; attempts: number; event: string }[]> {
  return db.query('SELECT state, attempts, event FROM alert_outbox WHERE channel_id = $1 ORDER BY id', [
    channelId,
  ]);
}
