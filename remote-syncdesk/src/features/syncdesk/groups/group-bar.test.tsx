import type { CopyGroup } from '@synctrade/api';
import { screen, waitFor, within, type ApiMock } from '@synctrade/test-utils';
import { buildAccount, buildGroup, buildOrder, buildOrderData, buildWorkingOrder } from '../support/builders';
import { deskApi, renderDesk, setUpDesk } from '../support/render-desk';

// Two groups: Evaluations (leader 1, follower 2) and Funded (leader 3, follower 4, paused or breached per test).
const ACCOUNTS = [
  buildAccount({ id: 1, account_name: 'Eval lead', accounts: 'Eval lead', is_master: true, group_id: 1 }),
  buildAccount({ id: 2, account_name: 'Eval copy', accounts: 'Eval copy', is_follower: true, group_id: 1 }),
  buildAccount({ id: 3, account_name: 'Funded lead', accounts: 'Funded lead', is_master: true, group_id: 5 }),
  buildAccount({
    id: 4,
    account_name: 'Funded copy',
    accounts: 'Funded copy',
    is_follower: true,
    group_id: 5,
  }),
];
const EVALUATIONS = buildGroup({
  id: 1,
  name: 'Evaluations',
  leader_account_id: 1,
  account_ids: [1, 2],
  follower_account_ids: [2],
});
const funded = (overrides: Partial<CopyGroup> = {}): CopyGroup =>
  buildGroup({
    id: 5,
    name: 'Funded',
    leader_account_id: 3,
    account_ids: [3, 4],
    follower_account_ids: [4],
    ...overrides,
  });

const accountNames = (): string[] =>
  within(screen.getByRole('table', { name: 'Accounts' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[3]?.textContent ?? '');

describe('the desk with copy groups', () => {
  let api: ApiMock;
  beforeEach(() => setUpDesk());
  afterEach(() => api.restore());

  it('when the trader has one group, then the desk shows no group switcher and New copy group in its menu creates a second one, shown at once', async () => {
    api = deskApi({ accounts: ACCOUNTS.slice(0, 2) }).on('POST /copier/groups', (request) => [
      201,
      funded({
        name: (request.body as { name: string }).name,
        account_ids: [],
        leader_account_id: null,
        follower_account_ids: [],
      }),
    ]);
    const { user } = renderDesk();
    await screen.findByRole('table', { name: 'Accounts' });
    expect(screen.queryByRole('combobox', { name: 'Copy group' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'New copy group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New copy group' });
    await user.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(await within(dialog).findByText('Group name is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Group name'), '  Funded  ');
    api.on('GET /copier/groups', [
      200,
      [EVALUATIONS, funded({ account_ids: [], leader_account_id: null, follower_account_ids: [] })],
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Create group' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /copier/groups').map((call) => call.body)).toEqual([{ name: 'Funded' }]);
    const select = await screen.findByRole('combobox', { name: 'Copy group' });
    await waitFor(() => expect(select).toHaveDisplayValue('Funded (no leader)'));
    expect(screen.getByText('Group "Funded" created')).toBeInTheDocument();
  });

  it('when a group is chosen, then the table shows its accounts only, its state, and Cancel all orders and Flatten all act on it alone', async () => {
    api = deskApi({ accounts: ACCOUNTS })
      .on('GET /copier/groups', [
        200,
        [
          EVALUATIONS,
          funded({
            leader_breach:
              'The leader broke its own firm rule (Daily loss limit reached): entries are not copied',
          }),
        ],
      ])
      .on('GET /copier/orders/working', [200, [buildWorkingOrder({ account: 3 })]])
      .on('POST /copier/orders/cancel-all', [200, { message: 'Canceled 1 orders' }])
      .on('POST /brokers/accounts/flatten-positions', [200, { message: 'Flatten successful' }]);
    const { user } = renderDesk();
    await screen.findByRole('table', { name: 'Accounts' });
    expect(accountNames()).toEqual(['Eval lead', 'Eval copy', 'Funded lead', 'Funded copy']);
    const select = await screen.findByRole('combobox', { name: 'Copy group' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All accounts', 'Evaluations (copying)', 'Funded (leader breached)']);
    await user.selectOptions(select, 'Funded (leader breached)');
    expect(accountNames()).toEqual(['Funded lead', 'Funded copy']);
    expect(screen.getByText('Leader breached')).toBeInTheDocument();
    expect(screen.getByText(/Daily loss limit reached/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel all orders' }));
    const cancel = await screen.findByRole('dialog', { name: 'Cancel all orders?' });
    await waitFor(() =>
      expect(api.callsTo('GET /copier/orders/working').at(-1)?.params).toEqual({ groupId: '5' }),
    );
    await user.click(await within(cancel).findByRole('button', { name: 'Cancel orders' }));
    await waitFor(() => expect(api.callsTo('POST /copier/orders/cancel-all')).toHaveLength(1));
    expect(api.callsTo('POST /copier/orders/cancel-all')[0]?.params).toEqual({ groupId: '5' });

    await user.click(screen.getByRole('button', { name: 'Flatten all' }));
    const flatten = await screen.findByRole('dialog', { name: /flatten/i });
    await user.click(within(flatten).getByRole('button', { name: /^Flatten/ }));
    await waitFor(() => expect(api.callsTo('POST /brokers/accounts/flatten-positions')).toHaveLength(1));
    expect(api.callsTo('POST /brokers/accounts/flatten-positions')[0]?.body).toEqual([3, 4]);
  });

  it('when an account is added to the shown group with align, then it is moved with that choice; pausing and deleting ask the server', async () => {
    api = deskApi({ accounts: ACCOUNTS })
      .on('GET /copier/groups', [200, [EVALUATIONS, funded()]])
      .on('POST /copier/groups/5/accounts', [
        200,
        funded({ account_ids: [2, 3, 4], follower_account_ids: [2, 4] }),
      ])
      .on('POST /copier/groups/5/pause', [200, funded({ paused: true })])
      .on('DELETE /copier/groups/5', [200, { message: 'Group deleted successfully' }]);
    const { user } = renderDesk();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Copy group' }), 'Funded (copying)');
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    const move = await screen.findByRole('dialog', { name: 'Add an account to Funded' });
    // A leader stays with its group: only Eval copy can move here.
    const account = within(move).getByLabelText('Account');
    expect(
      within(account)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Eval copy (Paper broker), now in Evaluations']);
    await user.click(within(move).getByRole('radio', { name: /Align it now to Funded lead/ }));
    await user.click(within(move).getByRole('button', { name: 'Move account' }));
    await waitFor(() => expect(api.callsTo('POST /copier/groups/5/accounts')).toHaveLength(1));
    expect(api.callsTo('POST /copier/groups/5/accounts')[0]?.body).toEqual({
      account_id: 2,
      position: 'align',
    });

    await user.click(screen.getByRole('button', { name: 'Pause group' }));
    await waitFor(() => expect(api.callsTo('POST /copier/groups/5/pause')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Delete group' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Funded?' });
    expect(within(confirm).getByText(/go back to Evaluations/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete group' }));
    await waitFor(() => expect(api.callsTo('DELETE /copier/groups/5')).toHaveLength(1));
  });

  it("when a group is chosen, then the Orders panel lists and counts that group's orders only", async () => {
    const orders = [
      buildOrder({ id: 1, account: 'Eval copy', side: 'buy' }),
      buildOrder({ id: 2, account: 'Funded copy', side: 'sell' }),
      buildOrder({ id: 3, account: 'Funded lead', side: 'sell' }),
    ];
    api = deskApi({ accounts: ACCOUNTS, orders: buildOrderData(orders) }).on('GET /copier/groups', [
      200,
      [EVALUATIONS, funded()],
    ]);
    const { user } = renderDesk();
    expect(await screen.findByRole('tab', { name: 'All Orders (3)' })).toBeInTheDocument();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Copy group' }), 'Funded (copying)');
    expect(await screen.findByRole('tab', { name: 'All Orders (2)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Buy Orders (0)' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Eval copy' })).not.toBeInTheDocument();
  });
});
