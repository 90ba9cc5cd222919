import type { Connection, ConnectionHealth, CopyGroup, PropHeadroom, SyncAccount } from '@synctrade/api';
import {
  ConnectionHealthSchema,
  ConnectionSchema,
  CopyGroupSchema,
  PropHeadroomSchema,
} from '@synctrade/api/schemas';
import {
  mockApi,
  renderWithProviders,
  screen,
  serverShaped,
  signIn,
  syncAccountFixture,
  within,
  type ApiMock,
} from '@synctrade/test-utils';
import { CopyCockpit } from './copy-cockpit';

const row = (id: number, overrides: Partial<SyncAccount>): SyncAccount =>
  syncAccountFixture({ id, connection_name: 'Paper', auto_sync: true, ...overrides });

const ROWS = [
  row(1, { is_master: true, day_pnl: 125, side: 'long', qty: 1 }),
  row(2, { is_follower: true, day_pnl: 250.5, side: 'long', qty: 2 }),
  row(3, { is_follower: true, day_pnl: -40.25, state: 'out_of_sync', state_reason: 'Waiting for a fill' }),
  row(4, {}),
];
const GROUPS: CopyGroup[] = [
  serverShaped(CopyGroupSchema, {
    id: 1,
    name: 'Evaluations',
    paused: false,
    first: true,
    leader_account_id: 1,
    account_ids: [1, 2, 3],
    follower_account_ids: [2, 3],
    leader_breach: null,
  }),
  serverShaped(CopyGroupSchema, {
    id: 2,
    name: 'Funded',
    paused: true,
    first: false,
    leader_account_id: null,
    account_ids: [4],
    follower_account_ids: [],
    leader_breach: null,
  }),
];
const CONNECTIONS: Connection[] = [
  serverShaped(ConnectionSchema, {
    id: 1,
    connection_name: 'Paper',
    enabled: true,
    broker_name: 'sim',
    account_count: 4,
    environment: 'demo',
    status: 'connected',
  }),
  serverShaped(ConnectionSchema, {
    id: 2,
    connection_name: 'Apex Tradovate',
    enabled: true,
    broker_name: 'tradovate',
    account_count: 0,
    environment: 'live',
    status: 'reauth_required',
  }),
];
// The paper connection's session was last heard five minutes (and a few seconds) before the cockpit reads it; the
// Tradovate one has no session (it needs signing in again).
const HEALTH: ConnectionHealth[] = [
  serverShaped(ConnectionHealthSchema, {
    connection_id: 1,
    session_open: true,
    up: true,
    last_heard_at: new Date(Date.now() - 5 * 60_000 - 5_000).toISOString(),
    budget_left: 12,
    budget_per_minute: 72,
  }),
  serverShaped(ConnectionHealthSchema, {
    connection_id: 2,
    session_open: false,
    up: false,
    last_heard_at: null,
    budget_left: null,
    budget_per_minute: null,
  }),
];
const HEADROOM: PropHeadroom[] = [
  serverShaped(PropHeadroomSchema, {
    account_id: 2,
    firm: 'apex',
    preset: 'apex-50k-eod',
    floor: 47_500,
    to_floor: 2_750.5,
    to_daily_loss: 849.5,
    day_pnl: 250.5,
    minutes_to_flat_by: 95,
    next_blackout: null,
    stopped: null,
  }),
];

describe('Home copy cockpit', () => {
  let api: ApiMock;
  beforeEach(() => signIn(1));
  afterEach(() => api.restore());

  function serve(overrides: { rows?: SyncAccount[] } = {}): ApiMock {
    return mockApi()
      .on('GET /copier/groups', [200, GROUPS])
      .on('GET /brokers/accounts/table', [200, overrides.rows ?? ROWS])
      .on('GET /brokers/connections', [200, CONNECTIONS])
      .on('GET /propfirm/headroom', [200, HEADROOM])
      .on('GET /copier/connections/health', [200, HEALTH]);
  }

  it('when the copier runs, then each group, today’s P&L, the connections and the nearest limit are shown', async () => {
    api = serve();
    renderWithProviders(<CopyCockpit />);
    const evaluations = await screen.findByRole('group', { name: 'Copy group Evaluations' });
    expect(evaluations).toHaveTextContent('Copying');
    expect(evaluations).toHaveTextContent('LeaderPaper 1');
    expect(evaluations).toHaveTextContent('Followers in sync1 of 2');
    expect(evaluations).toHaveTextContent('Today’s P&L$335.25');
    const funded = screen.getByRole('group', { name: 'Copy group Funded' });
    expect(funded).toHaveTextContent('Paused');
    expect(funded).toHaveTextContent('Followers in sync0 of 0');

    const pnl = screen.getByRole('group', { name: 'Today’s P&L' });
    expect(within(pnl).getByText('-$40.25')).toBeInTheDocument();
    // The largest moves first.
    expect(
      within(pnl)
        .getAllByText(/^Paper \d$/)
        .map((cell) => cell.textContent),
    ).toEqual(['Paper 2', 'Paper 1', 'Paper 3', 'Paper 4']);
    expect(pnl).toHaveTextContent('Total$335.25');

    const health = screen.getByRole('group', { name: 'Connections’ health' });
    expect(health).toHaveTextContent(
      'PaperConnectedLast heard 5 min ago · 12 requests free now (72 a minute)',
    );
    expect(health).toHaveTextContent('Apex TradovateSign in againNo live session to the broker');
    expect(screen.getByRole('group', { name: 'Nearest firm limit' })).toHaveTextContent(
      'Paper 2$849.50 to the daily loss limit',
    );
  });

  it('when there are more than ten accounts, then the ten largest moves are listed and the rest counted', async () => {
    const many = Array.from({ length: 12 }, (_, i) => row(i + 1, { day_pnl: i * 10 }));
    api = serve({ rows: many });
    renderWithProviders(<CopyCockpit />);
    const pnl = await screen.findByRole('group', { name: 'Today’s P&L' });
    expect(within(pnl).getAllByText(/^Paper \d+$/)).toHaveLength(10);
    expect(within(pnl).queryByText('Paper 1')).toBeNull();
    expect(pnl).toHaveTextContent('and 2 more accounts on the Sync Desk');
    expect(pnl).toHaveTextContent('Total$660.00');
  });

  it('when the trader has no account yet, then the cockpit points to Connections', async () => {
    api = serve({ rows: [] });
    renderWithProviders(<CopyCockpit />);
    expect(await screen.findByRole('link', { name: 'Add a connection' })).toHaveAttribute(
      'href',
      '/connections',
    );
  });

  it('when the accounts cannot be read, then it says so and offers no stale figures', async () => {
    api = serve().on('GET /brokers/accounts/table', [500, { detail: 'Internal server error' }]);
    renderWithProviders(<CopyCockpit />);
    expect(await screen.findByText(/could not be read/)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Copy group Evaluations' })).toBeNull();
  });
});
