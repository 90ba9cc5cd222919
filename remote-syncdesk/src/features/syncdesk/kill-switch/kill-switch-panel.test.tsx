import { screen, waitFor, within, type ApiMock } from '@synctrade/test-utils';
import { buildAccount, buildGroup } from '../support/builders';
import { deskApi, renderDesk, screenIs, setUpDesk } from '../support/render-desk';

const ACCOUNTS = [
  buildAccount({ id: 1, account_name: 'Lead', accounts: 'Lead', is_master: true, side: 'long', qty: 1 }),
  buildAccount({
    id: 2,
    account_name: 'Apex 1',
    accounts: 'Apex 1',
    is_follower: true,
    side: 'long',
    qty: 2,
  }),
  buildAccount({ id: 3, account_name: 'Funded', accounts: 'Funded' }),
];
const GROUPS = [
  buildGroup({
    id: 1,
    name: 'Evaluations',
    account_ids: [1, 2],
    leader_account_id: 1,
    follower_account_ids: [2],
  }),
  buildGroup({ id: 4, name: 'Funded group', account_ids: [3], paused: true }),
];

describe('phone kill switch', () => {
  let api: ApiMock;
  beforeEach(() => {
    setUpDesk();
    screenIs(true);
    api = deskApi({ accounts: ACCOUNTS }).on('GET /copier/groups', [200, GROUPS]);
  });
  afterEach(() => {
    api.restore();
    Reflect.deleteProperty(window, 'matchMedia');
  });

  const panel = async (): Promise<HTMLElement> => screen.findByRole('region', { name: 'Kill switch' });

  it('when the desk opens on a phone, then the kill switches come first, one per group and per account', async () => {
    renderDesk();
    const region = await panel();
    await within(region).findByRole('heading', { name: 'Evaluations' });
    expect(within(region).getByRole('heading', { name: 'Funded group (paused)' })).toBeInTheDocument();
    expect(within(region).getAllByRole('button', { name: 'Stop group' })).toHaveLength(2);
    const evaluations = within(region).getByRole('list', { name: 'Accounts of Evaluations' });
    expect(
      within(evaluations)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Lead · leader · long 1Stop', 'Apex 1 · follower · long 2Stop']);
    const regions = screen.getAllByRole('region').map((r) => r.getAttribute('aria-labelledby'));
    expect(regions.indexOf('kill-switch-heading')).toBe(0);
  });

  it('when a group is stopped and confirmed, then every action is sent for that group and the answer is shown', async () => {
    api.on('POST /copier/kill-switch', [
      200,
      { message: 'Kill switch done for Evaluations: 1 follower stopped' },
    ]);
    const { user } = renderDesk();
    const region = await panel();
    await user.click((await within(region).findAllByRole('button', { name: 'Stop group' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Kill switch: Evaluations' });
    for (const label of [
      'Stop following (no new copies)',
      'Cancel working orders',
      'Flatten positions at market',
    ])
      expect(within(dialog).getByRole('checkbox', { name: label })).toBeChecked();
    expect(within(dialog).queryByLabelText('Authenticator code')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm kill switch' }));
    expect(
      await screen.findByText('Kill switch done for Evaluations: 1 follower stopped'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /copier/kill-switch').map((call) => call.body)).toEqual([
      { group_id: 1, stop_following: true, cancel_orders: true, flatten: true },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('when one account is stopped with 2FA on, then the code is asked, sent, and a refusal stays in the dialog', async () => {
    api
      .on('GET /auth/2fa', [200, { enabled: true }])
      .on('POST /copier/kill-switch', [400, { detail: 'Invalid two-factor code' }]);
    const { user } = renderDesk();
    const region = await panel();
    await user.click(await within(region).findByRole('button', { name: 'Stop Apex 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Kill switch: Apex 1' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Flatten positions at market' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm kill switch' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter the code from your authenticator app');
    expect(api.callsTo('POST /copier/kill-switch')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Authenticator code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm kill switch' }));
    expect(await within(dialog).findByText('Invalid two-factor code')).toBeInTheDocument();
    expect(api.callsTo('POST /copier/kill-switch').map((call) => call.body)).toEqual([
      { account_id: 2, stop_following: true, cancel_orders: true, flatten: false, code: '123456' },
    ]);
  });

  it('when every action is unticked, then nothing is sent and the dialog says why', async () => {
    const { user } = renderDesk();
    const region = await panel();
    await user.click(await within(region).findByRole('button', { name: 'Stop Lead' }));
    const dialog = screen.getByRole('dialog', { name: 'Kill switch: Lead' });
    for (const checkbox of within(dialog).getAllByRole('checkbox')) await user.click(checkbox);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm kill switch' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose at least one action');
    expect(api.callsTo('POST /copier/kill-switch')).toHaveLength(0);
  });

  it('when the desk opens on a wide screen, then there is no kill switch panel', async () => {
    screenIs(false);
    renderDesk();
    await screen.findByRole('form', { name: 'Paper order ticket' });
    expect(screen.queryByRole('region', { name: 'Kill switch' })).toBeNull();
  });
});
