import { screen, within, type ApiMock } from '@synctrade/test-utils';
import { buildAccount, buildWorkingOrder } from '../support/builders';
import { deskApi, renderDesk, setUpDesk } from '../support/render-desk';

/** Leader long 3; followers at ratio 2 (long 6) and 3 (long 9); a flat account that follows nobody. */
const positioned = () => [
  buildAccount({ id: 1, is_master: true, side: 'long', qty: 3 }),
  buildAccount({ id: 2, is_follower: true, ratio: 2, side: 'long', qty: 6 }),
  buildAccount({ id: 3, is_follower: true, ratio: 3, side: 'long', qty: 9 }),
  buildAccount({ id: 4 }),
];

const items = (list: HTMLElement): string[] =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');

describe('Sync Desk confirmations', () => {
  let api: ApiMock;
  beforeEach(() => setUpDesk());
  afterEach(() => api.restore());

  async function pickNewLeader(
    name: string,
  ): Promise<{ dialog: HTMLElement; user: ReturnType<typeof renderDesk>['user'] }> {
    const { user } = renderDesk();
    await screen.findByRole('table', { name: 'Accounts' });
    await user.click(screen.getByRole('button', { name: 'Change leader' }));
    const dialog = screen.getByRole('dialog', { name: 'Choose Lead Account' });
    await user.click(within(dialog).getByRole('radio', { name }));
    await user.click(within(dialog).getByRole('button', { name: 'Set as Lead' }));
    return { dialog, user };
  }

  it('when a flat account is chosen as leader, then the desk shows what each choice does and keeps positions unless told', async () => {
    api = deskApi({ accounts: positioned() }).on('PUT /copier/accounts/:id/master', [
      200,
      { message: 'Account master updated successfully' },
    ]);
    const { dialog, user } = await pickNewLeader('Paper 4 (SIM-4)');
    expect(within(dialog).getByText("What happens to the followers' positions?")).toBeInTheDocument();
    const keep = within(dialog).getByRole('radio', {
      name: "Keep followers' positions and copy from the new leader's next trade",
    });
    const align = within(dialog).getByRole('radio', { name: 'Align followers to the new leader now' });
    expect(keep).toBeChecked();
    expect(items(within(dialog).getByRole('list', { name: 'Followers kept as they are' }))).toEqual([
      'Paper 2: Long 6',
      'Paper 3: Long 9',
    ]);
    await user.click(align);
    expect(items(within(dialog).getByRole('list', { name: 'Orders sent now' }))).toEqual([
      'Paper 2: Sell 6 at market (Long 6 → Flat)',
      'Paper 3: Sell 9 at market (Long 9 → Flat)',
    ]);
    expect(api.callsTo('PUT /copier/accounts/:id/master')).toHaveLength(0);
    await user.click(keep);
    await user.click(within(dialog).getByRole('button', { name: 'Change leader' }));
    expect(await screen.findByText('Account master updated successfully')).toBeInTheDocument();
    expect(api.callsTo('PUT /copier/accounts/4/master')[0]?.body).toEqual({ followers: 'keep' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when align is chosen for a leader with a position, then each follower’s order goes to the new leader × ratio, halves away from zero', async () => {
    const accounts = [
      buildAccount({ id: 1, is_master: true }),
      buildAccount({ id: 2, is_follower: true, ratio: 1.5, side: 'long', qty: 1 }),
      buildAccount({ id: 3, is_follower: true, ratio: 0.5, side: 'short', qty: 4 }),
      buildAccount({ id: 4, side: 'short', qty: 3 }),
    ];
    api = deskApi({ accounts }).on('PUT /copier/accounts/:id/master', [
      200,
      { message: 'Account master updated successfully' },
    ]);
    const { dialog, user } = await pickNewLeader('Paper 4 (SIM-4)');
    await user.click(within(dialog).getByRole('radio', { name: 'Align followers to the new leader now' }));
    // Short 3 × 1.5 = −4.5 → short 5; short 3 × 0.5 = −1.5 → short 2.
    expect(items(within(dialog).getByRole('list', { name: 'Orders sent now' }))).toEqual([
      'Paper 2: Sell 6 at market (Long 1 → Short 5)',
      'Paper 3: Buy 2 at market (Short 4 → Short 2)',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Change leader' }));
    expect(await screen.findByText('Account master updated successfully')).toBeInTheDocument();
    expect(api.callsTo('PUT /copier/accounts/4/master')[0]?.body).toEqual({ followers: 'align' });
  });

  it('when Back is pressed on the confirmation, then the picker shows again and nothing is sent', async () => {
    api = deskApi({ accounts: positioned() });
    const { dialog, user } = await pickNewLeader('Paper 4 (SIM-4)');
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByRole('radio', { name: 'Paper 4 (SIM-4)' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('PUT /copier/accounts/:id/master')).toHaveLength(0);
  });

  it('when Flatten all is pressed, then every closing order and every working order is listed, and Cancel sends nothing', async () => {
    api = deskApi({ accounts: positioned() }).on('GET /copier/orders/working', [
      200,
      [
        buildWorkingOrder({ account: 2, account_name: 'Paper 2', order_id: '11', side: 'sell', price: 6100 }),
        buildWorkingOrder({
          account: 4,
          account_name: 'Paper 4',
          order_id: '12',
          type: 'Stop',
          price: null,
          stop_price: 5800,
        }),
      ],
    ]);
    const { user } = renderDesk();
    await screen.findByRole('table', { name: 'Accounts' });
    await user.click(screen.getByRole('button', { name: 'Flatten all' }));
    const dialog = screen.getByRole('dialog', { name: 'Flatten all accounts?' });
    expect(items(within(dialog).getByRole('list', { name: 'Positions closed' }))).toEqual([
      'Paper 1: Sell 3 at market (Long 3 → Flat)',
      'Paper 2: Sell 6 at market (Long 6 → Flat)',
      'Paper 3: Sell 9 at market (Long 9 → Flat)',
    ]);
    expect(items(await within(dialog).findByRole('list', { name: 'Orders canceled' }))).toEqual([
      'Paper 2: Sell 1 ESZ6 Limit @ 6100',
      'Paper 4: Buy 1 ESZ6 Stop stop 5800',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST /brokers/accounts/flatten-positions')).toHaveLength(0);
  });

  it('when a row’s Flatten is pressed, then only that account’s position and orders are listed and only it is sent', async () => {
    api = deskApi({ accounts: positioned() })
      .on('POST /brokers/accounts/flatten-positions', [200, { message: 'Flatten updated successfully' }])
      .on('GET /copier/orders/working', [
        200,
        [
          buildWorkingOrder({ account: 1, account_name: 'Paper 1', order_id: '10' }),
          buildWorkingOrder({ account: 3, account_name: 'Paper 3', order_id: '13', qty: 2 }),
        ],
      ]);
    const { user } = renderDesk();
    await screen.findByRole('table', { name: 'Accounts' });
    await user.click(screen.getByRole('button', { name: 'Flatten Paper 3' }));
    const dialog = screen.getByRole('dialog', { name: 'Flatten this account?' });
    expect(items(within(dialog).getByRole('list', { name: 'Positions closed' }))).toEqual([
      'Paper 3: Sell 9 at market (Long 9 → Flat)',
    ]);
    expect(items(await within(dialog).findByRole('list', { name: 'Orders canceled' }))).toEqual([
      'Paper 3: Buy 2 ESZ6 Limit @ 5900',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Flatten' }));
    expect(await screen.findByText('Flatten updated successfully')).toBeInTheDocument();
    expect(api.callsTo('POST /brokers/accounts/flatten-positions')[0]?.body).toEqual([3]);
  });

  it('when there is nothing to cancel, then Cancel all orders says so and cannot be confirmed', async () => {
    api = deskApi({ accounts: positioned() });
    const { user } = renderDesk();
    await screen.findByRole('table', { name: 'Accounts' });
    await user.click(screen.getByRole('button', { name: 'Cancel all orders' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel all orders?' });
    expect(await within(dialog).findByText('There are no working orders to cancel.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel orders' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Keep orders' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST /copier/orders/cancel-all')).toHaveLength(0);
  });

  it('when the working orders cannot be loaded, then the dialog says so and still lists the positions', async () => {
    api = deskApi({ accounts: positioned() }).on('GET /copier/orders/working', [500, {}]);
    const { user } = renderDesk();
    await screen.findByRole('table', { name: 'Accounts' });
    await user.click(screen.getByRole('button', { name: 'Flatten Paper 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Flatten this account?' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The working orders could not be loaded; positions shown are from the desk.',
    );
    expect(items(within(dialog).getByRole('list', { name: 'Positions closed' }))).toEqual([
      'Paper 2: Sell 6 at market (Long 6 → Flat)',
    ]);
  });
});
