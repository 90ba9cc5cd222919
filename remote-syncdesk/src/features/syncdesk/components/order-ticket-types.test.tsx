import { screen, type ApiMock } from '@synctrade/test-utils';
import { buildAccount } from '../support/builders';
import { deskApi, renderDesk, setUpDesk } from '../support/render-desk';

const ACCOUNTS = [buildAccount({ id: 1, is_master: true, accounts: 'Lead paper' })];
const SENT = { account_id: 1, contract: 'ES', qty: 1 };

describe('paper order ticket: stops, trailing stops and brackets', () => {
  let api: ApiMock;
  beforeEach(() => setUpDesk());
  afterEach(() => api.restore());

  it('when the type list opens, then it offers every type the paper broker takes', async () => {
    api = deskApi({ accounts: ACCOUNTS });
    renderDesk();
    const type = await screen.findByRole('combobox', { name: 'Type' });
    expect([...(type as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Market',
      'Limit',
      'Stop',
      'Stop limit',
      'Trailing stop',
    ]);
  });

  it('when a stop limit is chosen, then it needs a stop and a limit price and sends both', async () => {
    api = deskApi({ accounts: ACCOUNTS }).on('POST /sim/orders', [
      200,
      { message: 'Order sent: Sell 1 ESZ6 (working)' },
    ]);
    const { user } = renderDesk();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Side' }), 'sell');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Stop limit');
    await user.click(screen.getByRole('button', { name: 'Sell 1 ES' }));
    expect(await screen.findByText('Enter a stop price above 0')).toBeInTheDocument();
    expect(screen.getByText('Enter a limit price above 0')).toBeInTheDocument();
    expect(api.callsTo('POST /sim/orders')).toHaveLength(0);
    await user.type(screen.getByRole('spinbutton', { name: 'Stop price' }), '5990');
    await user.type(screen.getByRole('spinbutton', { name: 'Limit price' }), '5989.75');
    await user.click(screen.getByRole('button', { name: 'Sell 1 ES' }));
    expect(await screen.findByText('Order sent: Sell 1 ESZ6 (working)')).toBeInTheDocument();
    expect(api.callsTo('POST /sim/orders')[0]?.body).toEqual({
      ...SENT,
      side: 'sell',
      order_type: 'StopLimit',
      stop_price: 5990,
      price: 5989.75,
    });
  });

  it('when a trailing stop is chosen, then its trail is whole ticks and is sent', async () => {
    api = deskApi({ accounts: ACCOUNTS }).on('POST /sim/orders', [200, { message: 'Order sent' }]);
    const { user } = renderDesk();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Type' }), 'Trailing stop');
    expect(screen.queryByRole('spinbutton', { name: 'Limit price' })).not.toBeInTheDocument();
    const trail = screen.getByRole('spinbutton', { name: 'Trail (ticks)' });
    await user.type(trail, '2.5');
    await user.click(screen.getByRole('button', { name: 'Buy 1 ES' }));
    expect(await screen.findByText('Enter a trail from 1 to 10000 ticks')).toBeInTheDocument();
    await user.clear(trail);
    await user.type(trail, '8');
    await user.click(screen.getByRole('button', { name: 'Buy 1 ES' }));
    expect(await screen.findByText('Order sent')).toBeInTheDocument();
    expect(api.callsTo('POST /sim/orders')[0]?.body).toEqual({
      ...SENT,
      side: 'buy',
      order_type: 'TrailingStop',
      trail_ticks: 8,
    });
  });

  it('when a bracket is added in ticks, then an empty one is refused and a filled one sends both legs', async () => {
    api = deskApi({ accounts: ACCOUNTS }).on('POST /sim/orders', [200, { message: 'Order sent' }]);
    const { user } = renderDesk();
    await user.click(
      await screen.findByRole('checkbox', { name: /Add a bracket \(stop-loss and take-profit/ }),
    );
    await user.click(screen.getByRole('button', { name: 'Buy 1 ES' }));
    expect(await screen.findByText('Enter a stop-loss, a take-profit or both')).toBeInTheDocument();
    expect(api.callsTo('POST /sim/orders')).toHaveLength(0);
    await user.type(screen.getByRole('spinbutton', { name: 'Stop-loss (ticks)' }), '0');
    await user.click(screen.getByRole('button', { name: 'Buy 1 ES' }));
    expect(await screen.findByText('Enter whole ticks from 1 to 10000')).toBeInTheDocument();
    await user.clear(screen.getByRole('spinbutton', { name: 'Stop-loss (ticks)' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Stop-loss (ticks)' }), '8');
    await user.type(screen.getByRole('spinbutton', { name: 'Take-profit (ticks)' }), '16');
    await user.click(screen.getByRole('button', { name: 'Buy 1 ES' }));
    expect(await screen.findByText('Order sent')).toBeInTheDocument();
    expect(api.callsTo('POST /sim/orders')[0]?.body).toEqual({
      ...SENT,
      side: 'buy',
      order_type: 'Market',
      bracket_unit: 'ticks',
      stop_loss: 8,
      take_profit: 16,
    });
  });

  it('when a bracket is given in prices and the venue refuses it, then its reason shows', async () => {
    api = deskApi({ accounts: ACCOUNTS }).on('POST /sim/orders', [
      400,
      { detail: 'The stop-loss must be below the entry price' },
    ]);
    const { user } = renderDesk();
    await user.click(await screen.findByRole('checkbox', { name: /Add a bracket/ }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Bracket in' }), 'Price');
    await user.type(screen.getByRole('spinbutton', { name: 'Stop-loss price' }), '6100');
    await user.click(screen.getByRole('button', { name: 'Buy 1 ES' }));
    expect(await screen.findByText('The stop-loss must be below the entry price')).toBeInTheDocument();
    expect(api.callsTo('POST /sim/orders')[0]?.body).toEqual({
      ...SENT,
      side: 'buy',
      order_type: 'Market',
      bracket_unit: 'price',
      stop_loss: 6100,
    });
  });
});
