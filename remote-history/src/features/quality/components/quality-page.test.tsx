import type { CopyStory, QualityFills, QualitySummary } from '@synctrade/api';
import { CopyStorySchema, QualityFillsSchema, QualitySummarySchema } from '@synctrade/api/schemas';
import {
  renderWithProviders,
  screen,
  serverShaped,
  waitFor,
  within,
  type ApiMock,
} from '@synctrade/test-utils';
import { QualityPage } from './quality-page';
import { startHistoryTest } from '../../../support/history-fixtures';

const SUMMARY: QualitySummary = serverShaped(QualitySummarySchema, {
  from: '2026-11-26T00:00:00.000Z',
  to: '2026-12-03T00:00:00.000Z',
  followers: [
    {
      account_id: 2,
      account: 'Paper 2',
      connection: 'Paper',
      leader_fills: 4,
      filled: 4,
      copy_rate: 1,
      delay_p50_ms: 12.4,
      delay_p95_ms: 40.2,
      mean_slippage_ticks: 0.5,
      slippage_cost: 25,
      misses: [],
    },
    {
      account_id: 3,
      account: 'Apex 1',
      connection: 'Tradovate',
      leader_fills: 4,
      filled: 2,
      copy_rate: 0.5,
      delay_p50_ms: 80,
      delay_p95_ms: 120,
      mean_slippage_ticks: -1,
      slippage_cost: -12.5,
      misses: [{ outcome: 'skipped', reason: 'Max net position (1) reached', count: 2 }],
    },
  ],
});

function fillsPage(page: number): QualityFills {
  return serverShaped(QualityFillsSchema, {
    total: 30,
    page,
    page_size: 25,
    fills: [
      {
        event_key: `f1-${page}`,
        leader_account_id: 1,
        leader_account: 'Lead',
        symbol: 'ESZ6',
        side: 'buy',
        qty: 1,
        price: 6000.25,
        time: '2026-12-02T14:30:00.000Z',
        outcomes: [
          {
            account_id: 2,
            account: 'Paper 2',
            outcome: 'filled',
            order_id: 41,
            client_order_id: 'st-41',
            symbol: 'ESZ6',
            qty: 1,
            filled_qty: 1,
            fill_price: 6000.5,
            delay_ms: 12.4,
            slippage_ticks: 1,
            slippage_usd: 12.5,
            reason: null,
          },
          {
            account_id: 3,
            account: 'Apex 1',
            outcome: 'skipped',
            order_id: null,
            client_order_id: null,
            symbol: 'ESZ6',
            qty: 1,
            filled_qty: 0,
            fill_price: null,
            delay_ms: null,
            slippage_ticks: null,
            slippage_usd: null,
            reason: 'Max net position (1) reached',
          },
        ],
      },
    ],
  });
}

const STORY: CopyStory = serverShaped(CopyStorySchema, {
  order_id: 41,
  client_order_id: 'st-41',
  account: 'Paper 2',
  steps: [
    { step: 'leader_event', time: '2026-12-02T14:30:00.000Z', detail: 'Leader bought 1 ESZ6 @ 6000.25' },
    { step: 'planned', time: '2026-12-02T14:30:00.002Z', detail: 'Buy 1 ESZ6 at market' },
    { step: 'sent', time: '2026-12-02T14:30:00.004Z', detail: 'Sent as st-41' },
    { step: 'broker_answer', time: '2026-12-02T14:30:00.010Z', detail: 'Accepted' },
    { step: 'fill', time: '2026-12-02T14:30:00.012Z', detail: 'Filled 1 @ 6000.5' },
  ],
});

describe('copy quality page', () => {
  let api: ApiMock;
  beforeEach(() => {
    api = startHistoryTest()
      .on('GET /quality/summary', [200, SUMMARY])
      .on('GET /quality/fills', (req) => [200, fillsPage(Number((req.params as { page: string }).page))])
      .on('GET /quality/story/:ref', [200, STORY]);
  });
  afterEach(() => api.restore());

  it('when it opens, then each follower shows its copy rate, delays, slippage and misses over the last 7 days', async () => {
    renderWithProviders(<QualityPage />, { route: '/trade-history/quality' });
    const table = await screen.findByRole('table', { name: 'Copy quality per follower' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Paper 2 · Paper', '4', '100%', '12 ms', '40 ms', '0.50', '$25.00', 'None'],
      [
        'Apex 1 · Tradovate',
        '4',
        '50%',
        '80 ms',
        '120 ms',
        '-1.00',
        '-$12.50',
        '2 × skipped: Max net position (1) reached',
      ],
    ]);
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
    const { from, to } = api.callsTo('GET /quality/summary')[0]!.params as { from: string; to: string };
    expect(Date.parse(to) - Date.parse(from)).toBe(7 * 86_400_000);
  });

  it('when the leader fills are listed, then each copy reads in plain words and the pager asks for the next page', async () => {
    const { user } = renderWithProviders(<QualityPage />, { route: '/trade-history/quality' });
    const fills = await screen.findByRole('table', { name: 'Leader fills and their copies' });
    expect(fills).toHaveTextContent('Buy 1 ESZ6 @ 6,000.25');
    expect(
      within(fills).getByRole('button', { name: 'Story of Paper 2: Filled 1 @ 6,000.50 · 12 ms · +1 tick' }),
    ).toBeInTheDocument();
    expect(fills).toHaveTextContent('Apex 1: Skipped: Max net position (1) reached');
    expect(screen.getByRole('heading', { name: 'Leader fills (30)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 2');
    expect(api.callsTo('GET /quality/fills').at(-1)?.params).toMatchObject({ page: '2', page_size: '25' });
  });

  it('when a copy is opened, then its story runs from the leader event to the fill', async () => {
    const { user } = renderWithProviders(<QualityPage />, { route: '/trade-history/quality' });
    await user.click(await screen.findByRole('button', { name: /^Story of Paper 2/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy story: Paper 2' });
    const steps = within(dialog)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('strong')?.textContent);
    expect(steps).toEqual(['Leader event', 'Copy planned', 'Sent to the broker', 'Broker’s answer', 'Fill']);
    expect(dialog).toHaveTextContent('Filled 1 @ 6000.5');
    expect(api.callsTo('GET /quality/story/:ref')[0]?.path).toBe('/quality/story/41');
  });

  it("when it opens with a copy's id in its address (from the desk's orders), then that copy's story opens at once and closing it leaves the page", async () => {
    const { user } = renderWithProviders(<QualityPage />, { route: '/trade-history/quality?story=41' });
    const dialog = await screen.findByRole('dialog', { name: 'Copy story: Paper 2' });
    expect(api.callsTo('GET /quality/story/:ref')[0]?.path).toBe('/quality/story/41');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Copy quality per follower' })).toBeInTheDocument();
  });

  it('when Today is chosen and nothing was copied, then the page says so in plain words', async () => {
    const { user } = renderWithProviders(<QualityPage />, { route: '/trade-history/quality' });
    await screen.findByRole('table', { name: 'Copy quality per follower' });
    api.on('GET /quality/summary', [200, { ...SUMMARY, followers: [] }]);
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(await screen.findByText(/No copies in this period/)).toBeInTheDocument();
  });

  it('when the server fails, then its detail shows with a retry that asks again', async () => {
    api.on('GET /quality/summary', [500, { detail: 'Internal server error' }]);
    const { user } = renderWithProviders(<QualityPage />, { route: '/trade-history/quality' });
    expect(await screen.findByText('Internal server error')).toBeInTheDocument();
    api.on('GET /quality/summary', [200, SUMMARY]);
    await user.click(screen.getByRole('button', { name: /Retry/ }));
    await screen.findByRole('table', { name: 'Copy quality per follower' });
    await waitFor(() => expect(api.callsTo('GET /quality/summary')).toHaveLength(2));
  });
});
