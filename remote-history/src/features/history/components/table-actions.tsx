import type React from 'react';
import type { Trade } from '@synctrade/api';
import { errorMessage, SUCCESS } from '@synctrade/api';
import { Button, downloadText, notify, Row } from '@synctrade/ui';
import { tradesToCsv } from '../../csv-import';
import { sortTrades, tradesToTsv } from '../lib/table-rows';
import { useHistoryStore } from '../store/history-store';
import { rangeQuery } from '../lib/range';

export const COPY_FAILED = 'Copy failed: the browser did not allow access to the clipboard';

function exportName(query: { start_date?: string; end_date?: string }): string {
  const { start_date: start, end_date: end } = query;
  return start || end
    ? `trade-history_${start ?? 'start'}_${end ?? 'today'}.csv`
    : 'trade-history_all-time.csv';
}

/** Copy puts the rows on screen on the clipboard; Export saves every trade of the chosen range as CSV. */
export function TableActions({
  visible,
  all,
  total = all.length,
  loadAll,
}: {
  visible: readonly Trade[];
  all: readonly Trade[];
  /** Trades in the range (more than `all` holds when the server pages them). */
  total?: number;
  /** When the server pages the table: fetches every trade of the range for Export. */
  loadAll?: () => Promise<Trade[]>;
}): React.JSX.Element {
  const range = useHistoryStore((s) => s.range);

  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(tradesToTsv(visible));
      notify.success(SUCCESS.copied);
    } catch {
      notify.error(COPY_FAILED);
    }
  };

  const exportCsv = async (): Promise<void> => {
    let trades: readonly Trade[] = all;
    if (loadAll) {
      try {
        trades = sortTrades(await loadAll());
      } catch (error: unknown) {
        notify.error(errorMessage(error, 'history'));
        return;
      }
    }
    // A byte-order mark so spreadsheet programs read the file as UTF-8; our importer skips it.
    downloadText(exportName(rangeQuery(range)), `\uFEFF${tradesToCsv(trades)}`);
  };

  return (
    <Row>
      <Button
        type="button"
        $variant="secondary"
        $size="sm"
        disabled={!visible.length}
        onClick={() => void copy()}
        aria-label="Copy visible rows"
      >
        Copy
      </Button>
      <Button
        type="button"
        $variant="secondary"
        $size="sm"
        disabled={!total}
        onClick={() => void exportCsv()}
      >
        Export
      </Button>
    </Row>
  );
}
