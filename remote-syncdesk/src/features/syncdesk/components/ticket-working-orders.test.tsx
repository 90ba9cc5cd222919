import { paperLedgerFixture, screen, waitFor, within, type ApiMock } from '@synctrade/test-utils';
import { buildAccount } from '../support/builders';
import { deskApi, renderDesk, setUpDesk } from '../support/render-desk';

const ACCOUNTS = [
  buildAccount({ id: 1, is_master: true, accounts: 'Lead paper' }),
  buildAccount({ id: 2, is_follower: true }),
];

// A long's bracket: a stop and a target linked one-cancels-other, and a trailing stop on its own.
const LEDGER = paperLedgerFixture([
  { order_id: '101', stop_price: 5990, linked_order_id: '102' },
  {
    order_id: '102',
    type: 'Limit',
    order_type: 'Limit',
    price: 6010,
    stop_price: null,
    linked_order_id: '101',
  },
  { order_id: '103', order_type: 'TrailingStop', stop_price: 5995, trail: 2.5 },
]);

describe("the paper ticket's working orders", () => {
  let api: ApiMock;
  beforeEach(() => setUpDesk());
  afterEach(() => api.restore());

  const list = async () => within(await screen.findByRole('list', { name: 'Working orders' }));

  it('when the account has working orders, then each reads as a trader says it, its link and trail included', async () => {
    api = deskApi({ accounts: ACCOUNTS }).on('GET /sim/accounts/:id/ledger', [200, LEDGER]);
    renderDesk();
    const items = (await list())
      .getAllByRole('listitem')
      .map((item) => item.querySelector('span')?.textContent);
    expect(items).toEqual([
      'Sell 1 ESH7 Stop stop 5,990.00 · one-cancels-other',
      'Sell 1 ESH7 Limit limit 6,010.00 · one-cancels-other',
      'Sell 1 ESH7 Trailing stop trailing 10 ticks, stop 5,995.00',
    ]);
    expect(api.callsTo('GET /sim/accounts/:id/ledger')[0]?.path).toBe('/sim/accounts/1/ledger');
  });

  it('when the stop is moved to break-even, then its new price is sent for that order and account, and the list is read again', async () => {
    api = deskApi({ accounts: ACCOUNTS })
      .on('GET /sim/accounts/:id/ledger', [200, LEDGER])
      .on('PATCH /sim/orders/:orderId', [200, { message: 'Order changed' }]);
    const { user } = renderDesk();
    await user.click((await list()).getByRole('button', { name: /^Move Sell 1 ESH7 Stop stop 5,990.00/ }));
    const dialog = screen.getByRole('dialog', { name: 'Move sell 1 ESH7' });
    const stop = within(dialog).getByRole('spinbutton', { name: 'New stop price' });
    expect(stop).toHaveValue(5990);
    await user.clear(stop);
    await user.click(within(dialog).getByRole('button', { name: 'Move order' }));
    expect(await within(dialog).findByText('Enter a stop price above 0')).toBeInTheDocument();
    await user.type(stop, '6000');
    const reads = api.callsTo('GET /sim/accounts/:id/ledger').length;
    await user.click(within(dialog).getByRole('button', { name: 'Move order' }));
    expect(await screen.findByText('Order changed')).toBeInTheDocument();
    expect(api.callsTo('PATCH /sim/orders/:orderId').map((call) => [call.path, call.body])).toEqual([
      ['/sim/orders/101', { account_id: 1, stop_price: 6000 }],
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /sim/accounts/:id/ledger').length).toBeGreaterThan(reads));
  });

  it('when a trailing stop is widened, then its new trail goes in ticks', async () => {
    api = deskApi({ accounts: ACCOUNTS })
      .on('GET /sim/accounts/:id/ledger', [200, LEDGER])
      .on('PATCH /sim/orders/:orderId', [200, { message: 'Order changed' }]);
    const { user } = renderDesk();
    await user.click((await list()).getByRole('button', { name: /^Move .*Trailing stop/ }));
    const trail = screen.getByRole('spinbutton', { name: 'New trail (ticks)' });
    expect(trail).toHaveValue(10);
    await user.clear(trail);
    await user.type(trail, '16');
    await user.click(screen.getByRole('button', { name: 'Move order' }));
    await screen.findByText('Order changed');
    expect(api.callsTo('PATCH /sim/orders/:orderId')[0]?.body).toEqual({ account_id: 1, trail_ticks: 16 });
  });

  it('when the target is canceled, then the cancel goes for that order; a refusal shows the reason', async () => {
    api = deskApi({ accounts: ACCOUNTS })
      .on('GET /sim/accounts/:id/ledger', [200, LEDGER])
      .on('POST /sim/orders/:orderId/cancel', [404, { detail: 'Order not found' }]);
    const { user } = renderDesk();
    await user.click((await list()).getByRole('button', { name: /^Cancel Sell 1 ESH7 Limit/ }));
    expect(await screen.findByText('Order not found')).toBeInTheDocument();
    expect(api.callsTo('POST /sim/orders/:orderId/cancel').map((call) => [call.path, call.body])).toEqual([
      ['/sim/orders/102/cancel', { account_id: 1 }],
    ]);
  });

  it('when the ticket switches account, then that account is read and a flat one says it has nothing working', async () => {
    api = deskApi({ accounts: ACCOUNTS }).on('GET /sim/accounts/:id/ledger', (request) => [
      200,
      request.path === '/sim/accounts/1/ledger' ? LEDGER : paperLedgerFixture(),
    ]);
    const { user } = renderDesk();
    await list();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Account' }), '2');
    expect(await screen.findByText('No working orders on this account.')).toBeInTheDocument();
  });
});
