import type { CopySettings, SyncAccount } from '@synctrade/api/types';
import type { TestApp } from '../support/build-test-app';
import { registerUser, type TestUser } from '../support/users';
import { call, table, waitForDesk } from './support/http';
import { openPaperDesk } from './support/paper-desk';

/** A follower's copy settings through the API: validated, stored, shown on the desk and used by the engine. */
describe('copy settings of a follower', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let leader: number, follower: number;

  beforeAll(async () => {
    let rows: SyncAccount[];
    ({ t, user: alice, rows } = await openPaperDesk('Paper'));
    bob = await registerUser(t.app);
    [leader, follower] = rows.map((r) => r.id) as [number, number];
    await call(t.app, alice, 'PUT', `/copier/accounts/${leader}/master`);
    await call(t.app, alice, 'PUT', `/copier/accounts/${follower}/follower`);
  });
  afterAll(async () => t.close());

  it('when nothing was chosen, then it copies at the ratio, mirroring, every contract', async () => {
    const answer = await call<CopySettings>(
      t.app,
      alice,
      'GET',
      `/copier/accounts/${follower}/copy-settings`,
    );
    expect(answer).toEqual({ status: 200, body: { fixed_qty: null, copy_mode: 'mirror', contracts: [] } });
  });

  it.each([
    [
      { fixed_qty: 0 },
      'fixed_qty must be a whole number of contracts from 1 to 1000, or null to copy at the ratio',
    ],
    [
      { fixed_qty: 1.5 },
      'fixed_qty must be a whole number of contracts from 1 to 1000, or null to copy at the ratio',
    ],
    [
      { fixed_qty: '2' },
      'fixed_qty must be a whole number of contracts from 1 to 1000, or null to copy at the ratio',
    ],
    [
      { fixed_qty: 1001 },
      'fixed_qty must be a whole number of contracts from 1 to 1000, or null to copy at the ratio',
    ],
    [{ copy_mode: 'orders' }, 'copy_mode must be mirror or fills'],
    [
      { contracts: ['ZB'] },
      'contracts must be a list of contract roots (ES, MES, NQ, MNQ, CL, MCL, GC, MGC)',
    ],
    [{ contracts: 'ES' }, 'contracts must be a list of contract roots (ES, MES, NQ, MNQ, CL, MCL, GC, MGC)'],
  ])('when the settings are %j, then it answers 400 %s and nothing changes', async (body, detail) => {
    const answer = await call<{ detail: string }>(
      t.app,
      alice,
      'PUT',
      `/copier/accounts/${follower}/copy-settings`,
      body,
    );
    expect([answer.status, answer.body.detail]).toEqual([400, detail]);
    const stored = await call<CopySettings>(
      t.app,
      alice,
      'GET',
      `/copier/accounts/${follower}/copy-settings`,
    );
    expect(stored.body).toEqual({ fixed_qty: null, copy_mode: 'mirror', contracts: [] });
  });

  it("when another trader reads or writes the follower's settings, then it answers 404", async () => {
    const read = await call(t.app, bob, 'GET', `/copier/accounts/${follower}/copy-settings`);
    const write = await call(t.app, bob, 'PUT', `/copier/accounts/${follower}/copy-settings`, {
      fixed_qty: 3,
    });
    expect([read.status, write.status]).toEqual([404, 404]);
  });

  it('when a fixed quantity and a filter are saved, then they are stored, a field left out keeps its value, the desk shows them and the leader is copied at that size', async () => {
    const saved = await call<CopySettings>(
      t.app,
      alice,
      'PUT',
      `/copier/accounts/${follower}/copy-settings`,
      {
        fixed_qty: 3,
        contracts: ['ES', 'ES', 'NQ'],
      },
    );
    expect(saved.body).toEqual({ fixed_qty: 3, copy_mode: 'mirror', contracts: ['ES', 'NQ'] });
    const mode = await call<CopySettings>(t.app, alice, 'PUT', `/copier/accounts/${follower}/copy-settings`, {
      copy_mode: 'fills',
    });
    expect(mode.body).toEqual({ fixed_qty: 3, copy_mode: 'fills', contracts: ['ES', 'NQ'] });
    const row = (await table(t.app, alice)).find((r) => r.id === follower);
    expect(row?.copy_settings).toEqual({ fixed_qty: 3, copy_mode: 'fills', contracts: ['ES', 'NQ'] });
    await call(t.app, alice, 'POST', '/sim/orders', {
      account_id: leader,
      contract: 'ES',
      side: 'buy',
      qty: 1,
      order_type: 'Market',
    });
    await waitForDesk(t.app, alice, (list) => list.find((r) => r.id === follower)?.qty === 3);
    const back = await call<CopySettings>(t.app, alice, 'PUT', `/copier/accounts/${follower}/copy-settings`, {
      fixed_qty: null,
    });
    expect(back.body.fixed_qty).toBeNull();
  });
});
