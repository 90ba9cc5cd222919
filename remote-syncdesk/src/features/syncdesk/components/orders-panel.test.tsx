import { act, screen, waitFor, within, type ApiMock } from '@synctrade/test-utils';
import { deskAccounts, buildOrder, buildOrderData } from '../support/builders';
import { deskApi, renderDesk, setUpDesk, USER_ID } from '../support/render-desk';

const ORDERS = buildOrderData([
  buildOrder({ id: 11, side: 'buy', status: 'Success', account: 'Paper 1' }),
  buildOrder({ id: 12, side: 'buy', status: 'Working', account: 'Paper 2', type: 'Limit', price: 5990.5 }),
  buildOrder({ id: 13, side: 'sell', status: 'Pending New', account: 'Paper 3, desk "B"', price: null }),
  buildOrder({ id: 14, side: 'sell', status: 'Rejected', reason: 'Market closed', account: 'Paper 4' }),
]);

function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

describe('orders panel', () => {
  let api: ApiMock;
  beforeEach(() => setUpDesk());
  afterEach(() => {
    api.restore();
    jest.useRealTimers();
  });

  it('when orders load, then the tabs show the counts and filter by side', async () => {
    api = deskApi({
      accounts: deskAccounts(),
      orders: { ...ORDERS, total_orders: 40, summary: { buy_orders: 25, sell_orders: 15 } },
    });
    const { user } = renderDesk();
    expect(await screen.findByRole('tab', { name: 'All Orders (40)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tab', { name: 'Buy Orders (25)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sell Orders (15)' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Orders' });
    // The evidence behind the orders: copy quality, one click from the desk.
    expect(screen.getByRole('link', { name: 'Copy quality' })).toHaveAttribute(
      'href',
      '/trade-history/quality',
    );
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['ID', 'Connection', 'Account', 'Time', 'Contract', 'Type', 'Side', 'Qty', 'Price', 'Status']);
    await user.click(screen.getByRole('tab', { name: /Sell Orders/ }));
    expect(within(screen.getByRole('table', { name: 'Orders' })).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('cell', { name: '11' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Buy Orders/ }));
    expect(screen.getByRole('cell', { name: '11' })).toBeInTheDocument();
    expect(screen.getByText(/^Last updated: \d\d:\d\d:\d\d$/)).toBeInTheDocument();
    expect(api.callsTo(`GET /copier/order-data/${USER_ID}`).length).toBeGreaterThan(0);
  });

  it('when statuses differ, then each reads as a word in its colour and a rejection shows its reason', async () => {
    api = deskApi({ orders: ORDERS });
    renderDesk();
    const success = await screen.findByText('Success');
    const working = screen.getByText('Working');
    const pending = screen.getByText('Pending New');
    const rejected = screen.getByText('Rejected');
    expect(getComputedStyle(success).color).toBe(getComputedStyle(working).color);
    expect(getComputedStyle(pending).color).not.toBe(getComputedStyle(success).color);
    expect(getComputedStyle(rejected).color).not.toBe(getComputedStyle(pending).color);
    expect(screen.getByText('Market closed')).toBeInTheDocument();
  });

  it('when a firm rule clipped, refused or closed out a copy, then each row shows the rule, whatever its status', async () => {
    const rules = [
      [21, 'Success', "Flat-by: flattened 3 min before the firm's 15:10 deadline (America/Chicago)"],
      [22, 'Success', 'Trailing drawdown: equity $48,160 is within $200 of the floor $48,000'],
      [23, 'Success', 'Daily loss limit of $500 reached (day P&L -$600)'],
      [24, 'Rejected', 'Max contracts: clipped from 8 to 5 to stay within 5 minis (50 micros)'],
      [25, 'Rejected', 'News blackout: FOMC policy statement'],
    ] as const;
    api = deskApi({
      orders: buildOrderData([
        buildOrder({ id: 20, status: 'Success', reason: null }),
        ...rules.map(([id, status, reason]) => buildOrder({ id, side: 'sell', status, reason })),
      ]),
    });
    renderDesk();
    const table = await screen.findByRole('table', { name: 'Orders' });
    for (const [id, status, reason] of rules) {
      const row = within(table)
        .getByRole('cell', { name: String(id) })
        .closest('tr') as HTMLElement;
      expect(within(row).getByText(status)).toBeInTheDocument();
      expect(within(row).getByText(reason)).toBeInTheDocument();
    }
    // An order without a reason shows its status alone.
    const plain = within(table).getByRole('cell', { name: '20' }).closest('tr') as HTMLElement;
    expect(plain.lastElementChild?.textContent).toBe('Success');
  });

  it('when a copy was superseded by the leader before it could go, then its row says Canceled and why', async () => {
    api = deskApi({
      orders: buildOrderData([
        buildOrder({
          id: 31,
          role: 'copy',
          account: 'Paper 2',
          status: 'Canceled',
          price: null,
          reason: "superseded by the leader's later order",
        }),
      ]),
    });
    renderDesk();
    const table = await screen.findByRole('table', { name: 'Orders' });
    const row = within(table)
      .getByRole('link', { name: 'Story of copy 31 to Paper 2' })
      .closest('tr') as HTMLElement;
    expect(within(row).getByText('Canceled')).toBeInTheDocument();
    expect(within(row).getByText("superseded by the leader's later order")).toBeInTheDocument();
  });

  it('when there are no orders in the tab, then it says No data found and Export is off', async () => {
    api = deskApi({ orders: buildOrderData([buildOrder({ side: 'buy' })]) });
    const { user } = renderDesk();
    await screen.findByRole('table', { name: 'Orders' });
    await user.click(screen.getByRole('tab', { name: /Sell Orders/ }));
    expect(screen.getByText('No data found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
  });

  it('when Export is pressed, then the visible orders download as CSV', async () => {
    api = deskApi({ orders: ORDERS });
    const blobs: Blob[] = [];
    const create = jest.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:orders';
    });
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toMatch(/^orders-sell-\d{4}-\d\d-\d\d\.csv$/);
      expect(this.href).toBe('blob:orders');
    });
    const { user } = renderDesk();
    await screen.findByRole('table', { name: 'Orders' });
    await user.click(screen.getByRole('tab', { name: /Sell Orders/ }));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(click).toHaveBeenCalledTimes(1);
    const lines = (await readBlob(blobs[0]!)).trim().split('\r\n');
    expect(lines[0]).toBe('ID,Connection,Account,Time,Contract,Type,Side,Qty,Price,Status,Reason');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      /^13,Paper broker,"Paper 3, desk ""B""",\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d,ESZ6,Market,sell,1,,Pending New,$/,
    );
    expect(lines[2]).toMatch(/,Rejected,Market closed$/);
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('when copies are acknowledged in the same second as the leader order, then the leader order is listed and exported first', async () => {
    api = deskApi({
      orders: buildOrderData([
        buildOrder({ id: 32, role: 'copy', account: 'Copy B', time: '2026-11-20T14:30:00.090Z' }),
        buildOrder({ id: 31, role: 'copy', account: 'Copy A', time: '2026-11-20T14:30:00.050Z' }),
        buildOrder({ id: 30, role: 'leader', account: 'Leader', time: '2026-11-20T14:30:00.010Z' }),
      ]),
    });
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: jest.fn((blob: Blob) => {
        blobs.push(blob);
        return 'blob:orders';
      }),
      revokeObjectURL: jest.fn(),
    });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderDesk();
    const table = await screen.findByRole('table', { name: 'Orders' });
    const accounts = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => ['Leader', 'Copy A', 'Copy B'].find((name) => within(row).queryByText(name)));
    expect(accounts).toEqual(['Leader', 'Copy B', 'Copy A']);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const lines = (await readBlob(blobs[0]!)).trim().split('\r\n');
    expect(lines.slice(1).map((line) => line.split(',')[2])).toEqual(['Leader', 'Copy B', 'Copy A']);
  });

  it('when 15 seconds pass, then the orders refresh', async () => {
    jest.useFakeTimers();
    api = deskApi({ orders: ORDERS });
    const mountedAt = jest.now();
    renderDesk();
    await screen.findByRole('table', { name: 'Orders' });
    const count = (): number => api.callsTo(`GET /copier/order-data/${USER_ID}`).length;
    const before = count();
    await act(async () => {
      jest.advanceTimersByTime(15_000 - (jest.now() - mountedAt) - 1);
    });
    expect(count()).toBe(before);
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(count()).toBe(before + 1);
  });

  it('when the orders fail, then the detail or fallback shows once, not on every poll', async () => {
    api = deskApi().on('GET /copier/order-data/:id', [500, { detail: 'Order store offline' }]);
    const { user } = renderDesk();
    expect(await screen.findByText('Order store offline', { selector: '.Toastify *' })).toBeInTheDocument();
    api.on('GET /copier/order-data/:id', [500, {}]);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(api.callsTo('GET /copier/order-data/:id')).toHaveLength(2));
    expect(
      screen.queryByText('Order data failed. Please try again.', { selector: '.Toastify *' }),
    ).not.toBeInTheDocument();
    api.on('GET /copier/order-data/:id', [200, ORDERS]);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('table', { name: 'Orders' });
    api.on('GET /copier/order-data/:id', [500, {}]);
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Refresh orders' }));
    expect(
      await screen.findByText('Order data failed. Please try again.', { selector: '.Toastify *' }),
    ).toBeInTheDocument();
  });

  it("when an order is a copy, then its id opens the copy's story on the Copy quality page; the leader's own order has none", async () => {
    api = deskApi({
      orders: buildOrderData([
        buildOrder({ id: 7, role: 'leader', account: 'Lead' }),
        buildOrder({ id: 8, role: 'copy', account: 'Paper 2' }),
      ]),
    });
    renderDesk();
    const link = await screen.findByRole('link', { name: 'Story of copy 8 to Paper 2' });
    expect(link).toHaveAttribute('href', '/trade-history/quality?story=8');
    expect(screen.queryByRole('link', { name: /Story of copy 7/ })).not.toBeInTheDocument();
  });
});
