import type { FastifyInstance } from 'fastify';
import type { FeedMessage } from '@synctrade/api/types';
import type { CopyEngine } from '../../src/copier/engine/engine';
import { DeskPublisher } from '../../src/copier/desk/desk-publisher';
import type { TestApp } from '../support/build-test-app';
import type { TestUser } from '../support/users';
import { registerUser } from '../support/users';
import { openPaperDesk } from '../copier/support/paper-desk';

let t: TestApp;
let user: TestUser;
let other: TestUser;

beforeAll(async () => {
  ({ t, user } = await openPaperDesk('OwnerPublish'));
  other = await registerUser(t.app);
});
afterAll(async () => t.close());

/** Waits for `check`; gives up after a few seconds (a hang guard, not a timed assertion). */
async function until(check: () => boolean): Promise<void> {
  const end = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > end) throw new Error('gave up waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test('in a cluster only the owner publishes the desk list, and a group taken over is published again unchanged', async () => {
  const sent: Array<{ userId: number; message: FeedMessage }> = [];
  const owned = new Set<number>([user.id, other.id]);
  const app = {
    db: t.db,
    log: t.app.log,
    realtime: {
      publish: (userId: number, message: FeedMessage) => sent.push({ userId, message }),
      socketCount: () => 0,
    },
  } as unknown as FastifyInstance;
  const engine = {
    live: new Map(),
    throttleOf: () => null,
    paceShortfallOf: () => null,
  } as unknown as CopyEngine;
  const publisher = new DeskPublisher(app, engine, {
    socketsElsewhere: true,
    owns: (userId) => owned.has(userId),
  });
  const sentTo = (userId: number): number => sent.filter((s) => s.userId === userId).length;

  publisher.touch(user.id);
  await until(() => sentTo(user.id) === 1);
  // Nothing changed: not sent again.
  publisher.touch(user.id);
  publisher.touch(other.id);
  await until(() => sentTo(other.id) === 1);
  expect(sentTo(user.id)).toBe(1);

  // Handed over: this node no longer publishes the user's list, even asked to send it again (the timers fire in
  // order, so the other user's second list marks the moment the first user's would have gone).
  owned.delete(user.id);
  publisher.republish(user.id);
  publisher.republish(other.id);
  await until(() => sentTo(other.id) === 2);
  expect(sentTo(user.id)).toBe(1);

  // Taken back: the list goes out again although it equals the last one sent from here.
  owned.add(user.id);
  publisher.republish(user.id);
  await until(() => sentTo(user.id) === 2);
  publisher.stop();
});
