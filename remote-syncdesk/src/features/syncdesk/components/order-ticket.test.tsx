import { screen, waitFor, type ApiMock } from '@synctrade/test-utils';
import { buildAccount } from '../support/builders';
import { deskApi, renderDesk, setUpDesk } from '../support/render-desk';

const ACCOUNTS = [
  buildAccount({ id: 2, is_follower: true }),
  buildAccount({ id: 1, is_master: true, accounts: 'Lead paper' }),
  buildAccount({ id: 5, is_follower: true, broker_name: 'tradovate', accounts: 'Live 5' }),
];

describe('paper order ticket', () => {
  let api: ApiMock;
  beforeEach(() => setUpDesk());
  afterEach(() => api.restore());

  it('when there are paper accounts, then the ticket lists them, leader first, and a market order is sent', async () => {
    api = deskApi({ accounts: ACCOUNTS }).on('POST /sim/orders', [200, { message: 'Bought 2 ES' }]);
    const { user } = renderDesk();
    const account = await screen.findByRole('combobox', { name: 'Account' });
    expect([...(account as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Lead paper (leader)',
      'Paper 2',
    ]);
    expect(screen.getByRole('combobox', { name: 'Contract' })).toHaveValue('ES');
    await user.clear(screen.getByRole('spinbutton', { name: 'Qty' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Qty' }), '2');
    const orderReloads = api.callsTo('GET /copier/order-data/:id').length;
    await user.click(screen.getByRole('button', { name: 'Buy 2 ES' }));
    expect(await screen.findByText('Bought 2 ES')).toBeInTheDocument();
    expect(api.callsTo('POST /sim/orders')[0]?.body).toEqual({
      account_id: 1,
      contract: 'ES',
      side: 'buy',
      qty: 2,
      order_type: 'Market',
    });
    await waitFor(() => expect(api.callsTo('GET /copier/order-data/:id').length).toBe(orderReloads + 1));
  });

  it('when a limit order is chosen, then it needs a price and sends it', async () => {
    api = deskApi({ accounts: ACCOUNTS }).on('POST /sim/orders', [
      200,
      { message: 'Order sent: Sell 1 MNQZ6 (working)' },
    ]);
    const { user } = renderDesk();
    await screen.findByRole('combobox', { name: 'Account' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Side' }), 'sell');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Contract' }), 'MNQ');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Limit');
    await user.click(screen.getByRole('button', { name: 'Sell 1 MNQ' }));
    expect(await screen.findByText('Enter a limit price above 0')).toBeInTheDocument();
    expect(api.callsTo('POST /sim/orders')).toHaveLength(0);
    await user.type(screen.getByRole('spinbutton', { name: 'Limit price' }), '21000.25');
    await user.click(screen.getByRole('button', { name: 'Sell 1 MNQ' }));
    expect(await screen.findByText('Order sent: Sell 1 MNQZ6 (working)')).toBeInTheDocument();
    expect(api.callsTo('POST /sim/orders')[0]?.body).toEqual({
      account_id: 1,
      contract: 'MNQ',
      side: 'sell',
      qty: 1,
      order_type: 'Limit',
      price: 21000.25,
    });
  });

  it('when the quantity is not a whole number from 1, then nothing is sent', async () => {
    api = deskApi({ accounts: ACCOUNTS });
    const { user } = renderDesk();
    const qty = await screen.findByRole('spinbutton', { name: 'Qty' });
    await user.clear(qty);
    await user.type(qty, '0');
    await user.click(screen.getByRole('button', { name: /^Buy/ }));
    expect(await screen.findByText('Quantity must be a whole number from 1 to 100')).toBeInTheDocument();
  });

  it('when the venue refuses, then the detail or the fallback shows', async () => {
    api = deskApi({ accounts: ACCOUNTS }).on('POST /sim/orders', [422, { detail: 'Market closed' }]);
    const { user } = renderDesk();
    await user.click(await screen.findByRole('button', { name: 'Buy 1 ES' }));
    expect(await screen.findByText('Market closed')).toBeInTheDocument();
    api.on('POST /sim/orders', [500, {}]);
    await user.click(screen.getByRole('button', { name: 'Buy 1 ES' }));
    expect(await screen.findByText('Order failed. Please try again.')).toBeInTheDocument();
  });

  it('when no account is on the paper broker, then there is no ticket', async () => {
    api = deskApi({ accounts: [buildAccount({ id: 5, is_master: true, broker_name: 'tradovate' })] });
    renderDesk();
    await screen.findByRole('table', { name: 'Accounts' });
    expect(screen.queryByRole('form', { name: 'Paper order ticket' })).not.toBeInTheDocument();
  });
});
