import { renderWithProviders, screen, within, type ApiMock } from '@synctrade/test-utils';
import { DashboardPage } from './dashboard-page';
import { buildTrade, serveHistory, WEEK_TRADES, startHistoryTest } from '../../../support/history-fixtures';

function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    // Decoded by hand so the byte-order mark stays visible to the assertion.
    reader.onload = () =>
      resolve(new TextDecoder('utf-8', { ignoreBOM: true }).decode(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blob);
  });
}

describe('copy and export of the trades table', () => {
  let api: ApiMock;
  beforeEach(() => {
    api = startHistoryTest();
  });
  afterEach(() => api.restore());

  it('when Copy is pressed, then the visible rows go to the clipboard as tab-separated text', async () => {
    serveHistory(api, [WEEK_TRADES[0]!, { ...WEEK_TRADES[1]!, journal: 'Chased\tthe move' }]);
    const { user } = renderWithProviders(<DashboardPage />);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Copy visible rows' }));
    expect(await screen.findByText('Data copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(
      [
        'Time\tAccount\tDuration\tSymbol\tSide\tQty\tAvg Entry\tPts\tP&L\tJournal',
        '11/02/2026 15:00:00\tSIM-1 · Paper\t4min 21sec\tESZ6\tSell\t1\t6010.00\t-3.00\t-$150.00\tChased the move',
        '11/02/2026 14:30:00\tSIM-1 · Paper\t10min\tESZ6\tBuy\t2\t6000.00\t1.00\t$100.00\t',
      ].join('\n'),
    );
  });

  // A full page of rows makes each query slower in the test DOM.
  it('when the table has several pages, then Copy takes only the page on screen', async () => {
    serveHistory(
      api,
      Array.from({ length: 130 }, (_, i) =>
        buildTrade({ id: i + 1, time: new Date(Date.UTC(2026, 10, 2, 10, 0, i)).toISOString() }),
      ),
    );
    const { user } = renderWithProviders(<DashboardPage />);
    await screen.findByRole('table');
    await user.click(screen.getByText('Next'));
    await user.click(screen.getByText('Copy'));
    await screen.findByText('Data copied to clipboard');
    const lines = (await navigator.clipboard.readText()).split('\n');
    expect(lines).toHaveLength(31);
    expect(lines[1]!.startsWith('11/02/2026 10:00:29')).toBe(true);
  }, 20_000);

  it('when the clipboard refuses, then an error is toasted', async () => {
    serveHistory(api, [WEEK_TRADES[0]!]);
    const { user } = renderWithProviders(<DashboardPage />);
    await screen.findByRole('table');
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy visible rows' }));
    expect(
      await screen.findByText('Copy failed: the browser did not allow access to the clipboard'),
    ).toBeInTheDocument();
  });

  it('when Export is pressed, then the range’s trades download as CSV in our own format', async () => {
    serveHistory(api, [WEEK_TRADES[0]!, WEEK_TRADES[1]!]);
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:trades'),
      revokeObjectURL: () => undefined,
    });
    const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('trade-history_all-time.csv');
    });
    const { user } = renderWithProviders(<DashboardPage />);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(await readBlob(blobs[0]!)).toBe(
      '\uFEFFexternal_id,account,symbol,side,qty,entry_time,exit_time,entry_price,exit_price,pts,pnl,duration_seconds,journal\r\n' +
        'synctrade:2,SIM-1,ESZ6,sell,1,2026-11-02T15:00:00.000Z,2026-11-02T15:04:21.000Z,6010,21010,-3,-150.00,261,\r\n' +
        'synctrade:1,SIM-1,ESZ6,buy,2,2026-11-02T14:30:00.000Z,2026-11-02T14:40:00.000Z,6000,21010,1,100.00,600,\r\n',
    );
  });

  it('when trades carry formula text, then both Copy and Export write it as plain text; figures stay numbers', async () => {
    const hostile = {
      ...WEEK_TRADES[1]!,
      symbol: '=CMD()',
      account: '+SIM',
      journal: '-1+cmd|/C calc!A0',
    };
    serveHistory(api, [hostile]);
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:trades'),
      revokeObjectURL: () => undefined,
    });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderWithProviders(<DashboardPage />);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Copy visible rows' }));
    await screen.findByText('Data copied to clipboard');
    const copied = (await navigator.clipboard.readText()).split('\n')[1]!.split('\t');
    expect(copied[1]).toBe("'+SIM · Paper");
    expect(copied[3]).toBe("'=CMD()");
    expect(copied[7]).toBe('-3.00');
    expect(copied[8]).toBe('-$150.00');
    expect(copied[9]).toBe("'-1+cmd|/C calc!A0");
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const row = (await readBlob(blobs[0]!)).split('\r\n')[1]!;
    expect(row).toBe(
      "synctrade:2,'+SIM,'=CMD(),sell,1,2026-11-02T15:00:00.000Z,2026-11-02T15:04:21.000Z,6010,21010,-3,-150.00,261,'-1+cmd|/C calc!A0",
    );
  });

  it('when there are no trades, then Copy and Export are disabled', async () => {
    serveHistory(api, []);
    renderWithProviders(<DashboardPage />);
    await screen.findByText('No completed trades found');
    const section = screen.getByRole('region', { name: /Completed Trades/ });
    expect(within(section).getByRole('button', { name: 'Copy visible rows' })).toBeDisabled();
    expect(within(section).getByRole('button', { name: 'Export' })).toBeDisabled();
  });
});
