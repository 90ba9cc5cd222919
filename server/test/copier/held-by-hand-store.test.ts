import { frontMonth } from '@synctrade/market';
import { SqlDirectory } from '../../src/copier/store/sql-directory';
import type { TestApp } from '../support/build-test-app';
import type { TestUser } from '../support/users';
import { openPaperDesk } from './support/paper-desk';

let t: TestApp;
let user: TestUser;
let ids: number[];

beforeAll(async () => {
  const desk = await openPaperDesk('Held by hand');
  ({ t, user } = desk);
  ids = desk.rows.map((row) => row.id);
});
afterAll(async () => t.close());

describe('contracts held by hand, as stored', () => {
  it('when a follower is traded by hand, then a directory opened after a restart reads the same contracts, and the last write wins', async () => {
    const [, follower, other] = ids as [number, number, number];
    const ES = frontMonth('ES');
    const NQ = frontMonth('NQ');
    const before = new SqlDirectory(t.app);
    await before.storeHeldByHand(follower, [ES, NQ]);
    await before.storeHeldByHand(other, [NQ]);
    await before.storeHeldByHand(other, [ES]);

    const after = new SqlDirectory(t.app);
    const held = new Map((await after.loadUser(user.id)).map((a) => [a.id, a.heldByHand]));
    expect([held.get(follower), held.get(other)]).toEqual([[ES, NQ].sort(), [ES]]);

    await after.storeHeldByHand(follower, []);
    const cleared = new Map((await after.loadUser(user.id)).map((a) => [a.id, a.heldByHand]));
    expect(cleared.get(follower)).toEqual([]);
  });
});
