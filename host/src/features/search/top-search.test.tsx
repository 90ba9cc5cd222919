import { mockApi, renderWithProviders, screen, type ApiMock } from '@synctrade/test-utils';
import { filterResults, searchPages } from './search-index';
import { TopSearch } from './top-search';

let api: ApiMock;
beforeEach(() => {
  api = mockApi()
    .on('GET /brokers/connections', [
      200,
      [
        {
          id: 4,
          connection_name: 'Apex Eval',
          enabled: true,
          broker_name: 'sim',
          account_count: 2,
          environment: 'demo',
          status: 'connected',
        },
      ],
    ])
    .on('GET /brokers/accounts', [
      200,
      [
        {
          id: 9,
          account_name: 'SIM-1001',
          connection_id: 4,
          connection_name: 'Apex Eval',
          broker_name: 'sim',
          currency_name: 'USD',
          currency_symbol: '$',
          cash_balance: 50000,
          active: true,
          enabled: true,
        },
      ],
    ]);
});
afterEach(() => api.restore());

describe('top-bar search', () => {
  it('when words are typed, then only items matching every word are offered', () => {
    expect(filterResults(searchPages(), 'trade week').map((r) => r.to)).toEqual(['/trade-history/weekly']);
    expect(filterResults(searchPages(), '   ')).toEqual([]);
  });

  it('when a connection name is typed and chosen, then its details open', async () => {
    const view = renderWithProviders(<TopSearch />);
    const box = screen.getByRole('combobox', { name: 'Search' });
    expect(box).toHaveAttribute('placeholder', 'Search here...');
    await view.user.click(box);
    await view.user.type(box, 'apex');
    expect(await screen.findByRole('option', { name: /Apex Eval Connection/ })).toBeInTheDocument();
    await view.user.keyboard('{Enter}');
    expect(view.location()).toBe('/connections/4');
  });

  it('when an account is chosen with the arrow keys, then its connection opens', async () => {
    const view = renderWithProviders(<TopSearch />);
    const box = screen.getByRole('combobox', { name: 'Search' });
    await view.user.click(box);
    await view.user.type(box, 'sim-1001');
    await screen.findByRole('option', { name: /SIM-1001/ });
    await view.user.keyboard('{ArrowDown}{Enter}');
    expect(view.location()).toBe('/connections/4');
  });

  it('when a page name is typed, then it jumps there', async () => {
    const view = renderWithProviders(<TopSearch />);
    const box = screen.getByRole('combobox', { name: 'Search' });
    await view.user.click(box);
    await view.user.type(box, 'sync');
    await view.user.click(await screen.findByRole('option', { name: /Sync Desk/ }));
    expect(view.location()).toBe('/syncdesk');
  });
});
