import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JournaledCopyStore } from '../../src/copier/store/journaled-store';
import { SqlCopyStore } from '../../src/copier/store/sql-store';
import type { CopyIntent } from '../../src/copier/engine/types';
import type { TestApp } from '../support/build-test-app';
import type { TestUser } from '../support/users';
import { openPaperDesk } from '../copier/support/paper-desk';

// An order the engine sends for a firm rule (the flat-by flatten) carries the rule's reason into the orders
// list, and keeps it once the broker's answer (with no reason of its own) is stored.
let t: TestApp;
let user: TestUser;
let followerId: number;
let journalDir: string;

beforeAll(async () => {
  const desk = await openPaperDesk('Rule orders');
  ({ t, user } = desk);
  followerId = desk.rows[1]?.id ?? 0;
  journalDir = mkdtempSync(path.join(tmpdir(), 'synctrade-rule-journal-'));
});
afterAll(async () => {
  await t.close();
  rmSync(journalDir, { recursive: true, force: true });
});

const REASON = "Flat-by: flattened 3 min before the firm's 15:10 deadline (America/Chicago)";

const stores = [
  [
    'the database',
    'd',
    () =>
      new SqlCopyStore(t.db, (error) => {
        throw error;
      }),
  ],
  [
    'the intent journal',
    'j',
    () =>
      new JournaledCopyStore(t.db, {
        dir: journalDir,
        onError: (error) => {
          throw error;
        },
      }),
  ],
] as const;

describe.each(stores)('a firm rule order claimed through %s', (_name, tag, create) => {
  it('when it is claimed and then filled, then its row shows the rule reason', async () => {
    const store = create();
    await store.open();
    const eventKey = `s${followerId}-rule${tag}`;
    const intent: CopyIntent = {
      clientOrderId: `st.${eventKey}.${followerId}`,
      eventKey,
      userId: user.id,
      accountId: followerId,
      symbol: 'NQH7',
      side: 'sell',
      qty: 2,
      type: 'Market',
      price: null,
      stopPrice: null,
      exit: true,
      leaderOrderId: null,
      reason: REASON,
    };
    const claim = await store.claim({
      eventKey,
      userId: user.id,
      intents: [intent],
      skips: [],
      eventTime: null,
    });
    expect([...claim.claimed]).toEqual([intent.clientOrderId]);
    store.recordOutcome({
      clientOrderId: intent.clientOrderId,
      status: 'Success',
      brokerOrderId: `9${tag}`,
      reason: null,
      sentMs: 1,
      ackMs: 2,
    });
    await store.flush();
    const rows = await t.db.query<{ status: string; reason: string | null }>(
      'SELECT status, reason FROM copy_orders WHERE client_order_id = $1',
      [intent.clientOrderId],
    );
    expect(rows).toEqual([{ status: 'Success', reason: REASON }]);
    await store.close();
  });
});
