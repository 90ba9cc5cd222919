import type { ImportTradeRow } from '@synctrade/api';
import { renderWithProviders, screen, waitFor, within, type ApiMock } from '@synctrade/test-utils';
import { DashboardPage } from '../../history';
import { tradesToCsv } from '../lib/own-format';
import { useImportStore } from '../store/import-store';
import {
  csvFile,
  fill,
  FILLS_HEADER,
  PERFORMANCE_CSV,
  PERFORMANCE_HEADER,
  PERFORMANCE_ROWS,
} from '../support/fixtures';
import {
  buildAccountSummary,
  buildTrade,
  serveHistory,
  startHistoryTest,
} from '../../../support/history-fixtures';

/** A server that remembers external ids, so a second import of the same rows adds nothing. */
function serveImport(api: ApiMock): void {
  const stored = new Set<string>();
  api.on('POST /copier/trade-history/import', (req) => {
    const { trades } = req.body as { trades: ImportTradeRow[] };
    const fresh = trades.filter((t) => !stored.has(t.external_id));
    fresh.forEach((t) => stored.add(t.external_id));
    return [
      200,
      {
        imported: fresh.length,
        duplicates: trades.length - fresh.length,
        message: `${fresh.length} trades imported`,
      },
    ];
  });
}

/** The trader's Apex account APEX-7 (id 12), and others given as [id, name, connection]. */
function serveAccounts(api: ApiMock, ...others: Array<[number, string, string]>): void {
  api.on('GET /brokers/accounts', [
    200,
    [[12, 'APEX-7', 'Apex'] as const, ...others].map(([id, account_name, connection_name]) =>
      buildAccountSummary({ id, account_name, connection_name, broker_name: 'tradovate' }),
    ),
  ]);
}

async function openImport(): Promise<ReturnType<typeof renderWithProviders>> {
  const view = renderWithProviders(<DashboardPage />, { route: '/trade-history/dashboard' });
  await screen.findByRole('table');
  await view.user.click(screen.getByRole('button', { name: 'Import Data' }));
  await screen.findByLabelText('CSV file');
  return view;
}

const withBadRow = [
  PERFORMANCE_HEADER,
  PERFORMANCE_ROWS[0],
  PERFORMANCE_ROWS[1],
  PERFORMANCE_ROWS[2]!.replace('$0.00', 'n/a'),
  PERFORMANCE_ROWS[3],
].join('\r\n');

describe('Import Data', () => {
  let api: ApiMock;
  beforeEach(() => {
    api = serveHistory(startHistoryTest(), [buildTrade()]);
  });
  afterEach(() => api.restore());

  it('when a file is chosen, then the preview shows its layout, counts, row errors and first trades', async () => {
    const { user } = await openImport();
    await user.upload(screen.getByLabelText('CSV file'), csvFile(withBadRow));
    const dialog = screen.getByRole('dialog', { name: 'Import Data' });
    expect(await within(dialog).findByText('Tradovate Performance export')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('4 rows read · 3 trades ready · 1 rows with errors');
    expect(within(dialog).getByRole('region', { name: 'Rows with errors' })).toHaveTextContent(
      'Row 4: pnl is not a number',
    );
    const preview = within(dialog).getByRole('table', { name: 'Preview of the first trades' });
    expect(within(preview).getAllByRole('row')).toHaveLength(4);
    expect(preview).toHaveTextContent('-$200.00');
    expect(within(dialog).getByRole('button', { name: 'Import 3 trades' })).toBeEnabled();
    expect(api.callsTo('POST /copier/trade-history/import')).toHaveLength(0);
  });

  it('when the same file is imported twice, then the second import adds nothing', async () => {
    serveImport(api);
    const { user } = await openImport();
    expect(screen.queryByRole('combobox', { name: 'Account these trades were made on' })).toBeNull();
    await user.upload(screen.getByLabelText('CSV file'), csvFile(PERFORMANCE_CSV));
    await user.click(await screen.findByRole('button', { name: 'Import 4 trades' }));
    expect(
      await screen.findByText('4 imported, 0 duplicates skipped (already imported).'),
    ).toBeInTheDocument();
    expect(await screen.findByText('4 trades imported')).toBeInTheDocument();
    expect(api.callsTo('POST /copier/trade-history/import')[0]?.body).not.toHaveProperty('account_id');
    const [first] = api.callsTo('POST /copier/trade-history/import');
    expect((first!.body as { trades: ImportTradeRow[] }).trades[0]).toEqual({
      symbol: 'MNQZ6',
      side: 'buy',
      qty: 2,
      entry_time: '2026-11-02T14:30:00.000Z',
      exit_time: '2026-11-02T14:34:21.000Z',
      entry_price: 21000,
      exit_price: 21010.25,
      pnl: 41,
      external_id: 'tradovate:5001:5002',
    });
    // The dashboard reloads its trades after an import.
    await waitFor(() => expect(api.callsTo('GET /copier/trade-history/:id')).toHaveLength(2));

    await user.upload(screen.getByLabelText('CSV file'), csvFile(PERFORMANCE_CSV));
    await user.click(await screen.findByRole('button', { name: 'Import 4 trades' }));
    expect(
      await screen.findByText('0 imported, 4 duplicates skipped (already imported).'),
    ).toBeInTheDocument();
  });

  it('when an account is chosen, then every batch is attached to it; without accounts there is no choice', async () => {
    serveImport(api);
    serveAccounts(api);
    const { user } = await openImport();
    const choice = await screen.findByRole('combobox', { name: 'Account these trades were made on' });
    expect(choice).toHaveDisplayValue('None (shown as Import)');
    await user.selectOptions(choice, 'APEX-7 · Apex');
    await user.upload(screen.getByLabelText('CSV file'), csvFile(PERFORMANCE_CSV));
    await user.click(await screen.findByRole('button', { name: 'Import 4 trades' }));
    await screen.findByText('4 imported, 0 duplicates skipped (already imported).');
    expect(
      api
        .callsTo('POST /copier/trade-history/import')
        .map((call) => (call.body as { account_id?: number }).account_id),
    ).toEqual([12]);
  });

  it('when a Fills file names two accounts, then one goes to the trader’s account of that name, the other to the account chosen above, and their fills never net together', async () => {
    serveImport(api);
    serveAccounts(api, [21, 'DEMO1', 'Demo']);
    const twoAccounts = [
      FILLS_HEADER,
      fill(6001, '11/02/2026 09:30:00', 'Buy', 2, '21000.00', 'MNQZ6', true, 'DEMO1'),
      fill(6002, '11/02/2026 09:31:00', 'Sell', 1, '6006.00', 'ESZ6', true, 'DEMO2'),
      fill(6003, '11/02/2026 09:34:21', 'Sell', 2, '21010.25', 'MNQZ6', true, 'DEMO1'),
      // DEMO1's buy of ES does not close DEMO2's short: it stays open.
      fill(6004, '11/02/2026 09:35:00', 'Buy', 1, '6008.00', 'ESZ6', true, 'DEMO1'),
      fill(6005, '11/02/2026 09:40:00', 'Buy', 1, '6010.00', 'ESZ6', true, 'DEMO2'),
    ].join('\r\n');
    const { user } = await openImport();
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Account these trades were made on' }),
      'APEX-7 · Apex',
    );
    await user.upload(screen.getByLabelText('CSV file'), csvFile(twoAccounts));
    const named = await screen.findByRole('group', { name: 'Accounts named in the file' });
    expect(screen.getByRole('dialog', { name: 'Import Data' })).toHaveTextContent(
      '5 rows read · 2 trades ready · 0 rows with errors · 1 open fills not closed yet',
    );
    expect(within(named).getByRole('combobox', { name: 'DEMO1 (1 trade)' })).toHaveDisplayValue(
      'DEMO1 · Demo',
    );
    expect(within(named).getByRole('combobox', { name: 'DEMO2 (1 trade)' })).toHaveDisplayValue(
      'The account chosen above',
    );
    await user.click(screen.getByRole('button', { name: 'Import 2 trades' }));
    await screen.findByText('2 imported, 0 duplicates skipped (already imported).');
    const sent = api
      .callsTo('POST /copier/trade-history/import')
      .map((call) => call.body as { account_id?: number; trades: ImportTradeRow[] })
      .map((body) => [body.account_id, body.trades.map((t) => `${t.symbol} ${t.side} ${t.pnl}`)]);
    expect(sent).toEqual(
      expect.arrayContaining([
        [21, ['MNQZ6 buy 41']],
        [12, ['ESZ6 sell -200']],
      ]),
    );
    expect(sent).toHaveLength(2);
  });

  it('when a large file is imported, then it goes in batches with visible progress', async () => {
    const trades = Array.from({ length: 4500 }, (_, i) => buildTrade({ id: i + 1, pnl: i % 2 ? 10 : -5 }));
    const releases: (() => void)[] = [];
    api.on('POST /copier/trade-history/import', (req) => {
      const count = (req.body as { trades: unknown[] }).trades.length;
      return new Promise((resolve) =>
        releases.push(() => resolve([200, { imported: count, duplicates: 0, message: 'ok' }])),
      );
    });
    const { user } = await openImport();
    await user.upload(screen.getByLabelText('CSV file'), csvFile(tradesToCsv(trades)));
    expect(await screen.findByText('SyncTrade trade history export')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import 4,500 trades' }));
    const bar = screen.getByRole('progressbar', { name: 'Importing trades' });
    expect(screen.getByText('0 of 4,500 trades sent')).toBeInTheDocument();
    // Two batches travel at once; the third waits for one of them.
    await waitFor(() => expect(releases).toHaveLength(2));
    releases[0]!();
    expect(await screen.findByText('2,000 of 4,500 trades sent')).toBeInTheDocument();
    expect(bar).toHaveAttribute('value', '44');
    releases[1]!();
    await waitFor(() => expect(releases).toHaveLength(3));
    releases[2]!();
    expect(
      await screen.findByText('Import finished: 4500 imported, 0 duplicates skipped'),
    ).toBeInTheDocument();
    expect(
      api
        .callsTo('POST /copier/trade-history/import')
        .map((c) => (c.body as { trades: unknown[] }).trades.length),
    ).toEqual([2000, 2000, 500]);
  });

  it('when a file is read, then reading progress is reported step by step', async () => {
    const trades = Array.from({ length: 6000 }, (_, i) => buildTrade({ id: i + 1 }));
    const seen: number[] = [];
    const stop = useImportStore.subscribe((s) => seen.push(s.readProgress));
    const { user } = await openImport();
    await user.upload(screen.getByLabelText('CSV file'), csvFile(tradesToCsv(trades)));
    expect(
      await screen.findByRole('button', { name: 'Import 6,000 trades' }, { timeout: 5000 }),
    ).toBeEnabled();
    stop();
    const steps = [...new Set(seen)].filter((v) => v > 0 && v < 1);
    expect(steps.length).toBeGreaterThan(1);
  });

  it('when the server refuses the import, then its detail is shown and importing can be retried', async () => {
    api.on('POST /copier/trade-history/import', [422, { detail: 'Row limit exceeded' }]);
    const { user } = await openImport();
    await user.upload(screen.getByLabelText('CSV file'), csvFile(PERFORMANCE_CSV));
    await user.click(await screen.findByRole('button', { name: 'Import 4 trades' }));
    expect(await screen.findAllByText('Row limit exceeded')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Import 4 trades' })).toBeEnabled();
  });

  it('when one of several batches is refused, then no further batch is sent and the detail is shown', async () => {
    const trades = Array.from({ length: 4500 }, (_, i) => buildTrade({ id: i + 1 }));
    const answers: ((refused: boolean) => void)[] = [];
    api.on('POST /copier/trade-history/import', (req) => {
      const count = (req.body as { trades: unknown[] }).trades.length;
      return new Promise((resolve) =>
        answers.push((refused) =>
          resolve(
            refused
              ? [422, { detail: 'Row 3: pnl must be a number' }]
              : [200, { imported: count, duplicates: 0, message: 'ok' }],
          ),
        ),
      );
    });
    const { user } = await openImport();
    await user.upload(screen.getByLabelText('CSV file'), csvFile(tradesToCsv(trades)));
    await user.click(await screen.findByRole('button', { name: 'Import 4,500 trades' }));
    await waitFor(() => expect(answers).toHaveLength(2));
    answers[0]!(true);
    // Let the refusal reach the store (a task later, every promise callback has run), then answer the batch that
    // was already on its way: no batch may start after the refusal.
    await new Promise((resolve) => setTimeout(resolve, 0));
    answers[1]!(false);
    expect(await screen.findAllByText('Row 3: pnl must be a number')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Import 4,500 trades' })).toBeEnabled();
    expect(api.callsTo('POST /copier/trade-history/import')).toHaveLength(2);
  });

  it('when the import fails without a detail, then the fallback text is shown', async () => {
    api.on('POST /copier/trade-history/import', [500, {}]);
    const { user } = await openImport();
    await user.upload(screen.getByLabelText('CSV file'), csvFile(PERFORMANCE_CSV));
    await user.click(await screen.findByRole('button', { name: 'Import 4 trades' }));
    expect(await screen.findAllByText('Import failed. Please try again.')).toHaveLength(2);
  });

  it('when the file is not an export we read, then it says so and nothing can be imported', async () => {
    const { user } = await openImport();
    await user.upload(screen.getByLabelText('CSV file'), csvFile('name,amount\r\nfoo,1\r\n'));
    expect(await screen.findByText(/^Unrecognized file/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 0 trades' })).toBeDisabled();
  });

  it('when Cancel is pressed, then the dialog closes', async () => {
    const { user } = await openImport();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
