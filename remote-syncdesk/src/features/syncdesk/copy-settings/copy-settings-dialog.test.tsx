import { screen, waitFor, within, type ApiMock } from '@synctrade/test-utils';
import { buildAccount } from '../support/builders';
import { deskApi, renderDesk, rowOf, setUpDesk } from '../support/render-desk';

const ACCOUNTS = [
  buildAccount({ id: 1, account_name: 'Main', accounts: 'Main', is_master: true }),
  buildAccount({
    id: 2,
    account_name: 'Copy',
    accounts: 'Copy',
    is_follower: true,
    copy_settings: { fixed_qty: null, copy_mode: 'mirror', contracts: [] },
  }),
  buildAccount({
    id: 3,
    account_name: 'Micro',
    accounts: 'Micro',
    is_follower: true,
    copy_settings: { fixed_qty: 2, copy_mode: 'fills', contracts: ['MES', 'MNQ'] },
  }),
];

describe("a follower's copy settings on the desk", () => {
  let api: ApiMock;
  beforeEach(() => setUpDesk());
  afterEach(() => api.restore());

  it('when a follower has settings of its own, then its row says so; the leader has no Settings button', async () => {
    api = deskApi({ accounts: ACCOUNTS });
    renderDesk();
    expect(within(await rowOf('Micro')).getByText('fixed 2 · MES, MNQ')).toBeInTheDocument();
    expect(within(await rowOf('Copy')).queryByText(/fixed|fills/)).not.toBeInTheDocument();
    expect(within(await rowOf('Main')).queryByRole('button', { name: 'Copy settings of Main' })).toBeNull();
  });

  it('when a fixed quantity and two contracts are chosen, then they are sent; a bad quantity is refused first', async () => {
    api = deskApi({ accounts: ACCOUNTS })
      .on('GET /copier/accounts/2/copy-settings', [
        200,
        { fixed_qty: null, copy_mode: 'mirror', contracts: [] },
      ])
      .on('PUT /copier/accounts/2/copy-settings', (request) => [200, request.body]);
    const { user } = renderDesk();
    await user.click(within(await rowOf('Copy')).getByRole('button', { name: 'Copy settings of Copy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy settings of Copy' });
    await user.click(await within(dialog).findByRole('radio', { name: /A fixed quantity/ }));
    const qty = within(dialog).getByLabelText('Contracts');
    await user.clear(qty);
    await user.type(qty, '0');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'fixed_qty must be a whole number of contracts from 1 to 1000, or null to copy at the ratio',
    );
    expect(within(dialog).getByRole('button', { name: 'Save copy settings' })).toBeDisabled();
    await user.clear(qty);
    await user.type(qty, '3');
    await user.click(within(dialog).getByRole('checkbox', { name: 'NQ' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'ES' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save copy settings' }));
    await waitFor(() => expect(api.callsTo('PUT /copier/accounts/2/copy-settings')).toHaveLength(1));
    expect(api.callsTo('PUT /copier/accounts/2/copy-settings')[0]?.body).toEqual({
      fixed_qty: 3,
      copy_mode: 'mirror',
      contracts: ['ES', 'NQ'],
    });
    expect(await screen.findByText('Copy settings saved')).toBeInTheDocument();
  });
});
