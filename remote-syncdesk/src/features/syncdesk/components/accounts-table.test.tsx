import { act, renderWithProviders, screen, within } from '@synctrade/test-utils';
import { buildAccount } from '../support/builders';
import { resetSyncdeskStore, useSyncdeskStore } from '../store/syncdesk-store';
import { AccountsTable } from './accounts-table';

function desk(count: number): void {
  const accounts = Array.from({ length: count }, (_, i) =>
    buildAccount({ id: i + 1, accounts: `Desk ${i + 1}`, is_master: i === 0, is_follower: i !== 0 }),
  );
  act(() => useSyncdeskStore.getState().replaceAccounts(accounts));
}

const mountedRows = (): HTMLElement[] =>
  within(screen.getByRole('table', { name: 'Accounts' }))
    .getAllByRole('row')
    .filter((row) => row.hasAttribute('data-account-id'));

describe('accounts table size', () => {
  beforeEach(() => resetSyncdeskStore());
  afterEach(() => jest.restoreAllMocks());

  it('when the desk has 20 accounts, then every row is in the document and the page scrolls them', () => {
    desk(20);
    renderWithProviders(<AccountsTable />);
    expect(mountedRows()).toHaveLength(20);
    expect(screen.queryByRole('rowgroup', { name: 'Accounts, scrollable' })).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Accounts' })).toHaveAttribute('aria-rowcount', '21');
  });

  it('when the desk has 21 accounts, then its rows get their own scroll area', () => {
    desk(21);
    renderWithProviders(<AccountsTable />);
    expect(screen.getByRole('rowgroup', { name: 'Accounts, scrollable' })).toBeInTheDocument();
  });

  // A 50-account desk rendered whole dropped 3–4 % of its frames under a busy feed (docs/bench/syncdesk.md).
  it('when the desk has 50 accounts, then only the rows in view are mounted, in their own scroll area, and the table keeps its full size', () => {
    // jsdom lays nothing out: the scroll area shows 720 px and each row is 45 px tall, as in a browser.
    jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(720);
    jest.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(45);
    desk(50);
    renderWithProviders(<AccountsTable />);
    const scrollArea = screen.getByRole('rowgroup', { name: 'Accounts, scrollable' });
    const mounted = within(scrollArea).getAllByRole('row').length;
    expect(mounted).toBeGreaterThan(0);
    // 16 rows in view and 6 more below.
    expect(mounted).toBe(22);
    expect(mountedRows()[0]).toHaveAttribute('aria-rowindex', '2');
    expect(screen.getByRole('table', { name: 'Accounts' })).toHaveAttribute('aria-rowcount', '51');
  });
});
