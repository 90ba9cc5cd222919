import { mockApi, renderWithProviders, screen, signIn, within, type ApiMock } from '@synctrade/test-utils';
import { MarketTiles } from './market-tiles';
import { SERVER_QUOTES } from './support/server-quotes';

let api: ApiMock;

beforeEach(() => {
  signIn(1);
});
afterEach(() => api.restore());

function tile(root: string): HTMLElement {
  return screen.getByRole('group', { name: `${root} market` });
}

describe('Home market tiles', () => {
  it('when the server quotes front months, then each tile shows its contract, price, change and direction', async () => {
    api = mockApi().on('GET /market/quotes', [200, SERVER_QUOTES]);
    renderWithProviders(<MarketTiles />);

    expect(await within(tile('ES')).findByText('6,000.00')).toBeInTheDocument();
    expect(within(tile('ES')).getByText('ESZ6')).toBeInTheDocument();
    // No change is neither up nor down: no arrow, no green.
    expect(tile('ES')).toHaveTextContent('0.00% unchanged');
    expect(tile('ES')).not.toHaveTextContent('▲');
    expect(tile('NQ')).toHaveTextContent('▼');

    expect(within(tile('NQ')).getByText('NQZ6')).toBeInTheDocument();
    expect(within(tile('NQ')).getByText('20,998.25')).toBeInTheDocument();
    expect(tile('NQ')).toHaveTextContent('-0.01% down');

    expect(within(tile('CL')).getByText('70.02')).toBeInTheDocument();
    expect(tile('CL')).toHaveTextContent('▲ +0.03% up');
    expect(within(tile('GC')).getByText('2,650.2')).toBeInTheDocument();
    expect(tile('GC')).toHaveTextContent('+0.01% up');
    expect(screen.queryByText('—')).not.toBeInTheDocument();
  });

  it('when a quote is of a micro contract, then it does not take the mini product’s tile', async () => {
    api = mockApi().on('GET /market/quotes', [
      200,
      [{ id: 9, symbol: 'MESZ6', price: 5990, change: 0.5, dir: 'up' }, ...SERVER_QUOTES.slice(1)],
    ]);
    renderWithProviders(<MarketTiles />);

    expect(await within(tile('NQ')).findByText('20,998.25')).toBeInTheDocument();
    expect(within(tile('ES')).getByText('—')).toBeInTheDocument();
    expect(screen.queryByText('5,990.00')).not.toBeInTheDocument();
  });

  it('when the quotes cannot be read, then the tiles keep their dashes and the reason shows', async () => {
    api = mockApi().on('GET /market/quotes', [503, { detail: 'Market data is unavailable' }]);
    renderWithProviders(<MarketTiles />);

    expect(await screen.findByRole('status')).toHaveTextContent('Market data is unavailable');
    expect(within(tile('GC')).getByText('—')).toBeInTheDocument();
  });
});
