import type { ImportTradeRow } from '@synctrade/api';
import type { Fill } from '@synctrade/market';
import { cleanHeader, Columns, detectLayout, type CsvRow, type Layout } from './columns';
import { performanceRow } from './performance-layout';
import { fillRow, tradesFromFills } from './fills-layout';
import { ownRow } from './own-row';

export interface RowError {
  /** The file's line number, the header being row 1 (as a spreadsheet shows it). */
  row: number;
  message: string;
}

export interface ParsedImport {
  layout: Layout | null;
  /** Why the whole file cannot be read, when it cannot. */
  problem: string | null;
  rowsRead: number;
  trades: ImportTradeRow[];
  /**
   * The account each trade's row names (a Fills export's Account, our export's account), in the order of
   * `trades`; '' where the file names none.
   */
  accountNames: string[];
  errors: RowError[];
  /** Rows whose key already appeared earlier in the same file. */
  duplicatesInFile: number;
  /** Executions of a Fills export still open at the end of the file (not a closed trade yet). */
  openFills: number;
}

/** Gathers parsed rows chunk by chunk and turns them into normalized trades and row errors. */
export class ImportCollector {
  private columns: Columns | null = null;
  private readonly fills: Fill[] = [];
  private readonly seen = new Set<string>();
  readonly result: ParsedImport = {
    layout: null,
    problem: null,
    rowsRead: 0,
    trades: [],
    accountNames: [],
    errors: [],
    duplicatesInFile: 0,
    openFills: 0,
  };

  /** Takes the header; returns false when the file is not a layout we read. */
  start(fields: readonly string[]): boolean {
    this.columns = new Columns(fields.map(cleanHeader));
    const detected = detectLayout(this.columns);
    if ('problem' in detected) this.result.problem = detected.problem;
    else this.result.layout = detected.layout;
    return this.result.layout !== null;
  }

  private fail(row: number, message: string): void {
    this.result.errors.push({ row, message });
  }

  /** A data row the CSV reader could not split into the header's fields. */
  reject(row: number, message: string): void {
    this.result.rowsRead += 1;
    this.fail(row, message);
  }

  /** One data row; `rowNumber` counts the header as row 1. */
  add(row: CsvRow, rowNumber: number): void {
    const { columns, result } = this;
    if (!columns || !result.layout) return;
    result.rowsRead += 1;
    if (result.layout === 'tradovate-fills') {
      const fill = fillRow(columns, row, rowNumber);
      if (fill && 'problem' in fill) this.fail(rowNumber, fill.problem);
      else if (fill) this.fills.push(fill);
      return;
    }
    const trade = result.layout === 'synctrade' ? ownRow(columns, row) : performanceRow(columns, row);
    if ('problem' in trade) this.fail(rowNumber, trade.problem);
    else this.keep(trade, result.layout === 'synctrade' ? (columns.value(row, 'account') ?? '') : '');
  }

  private keep(trade: ImportTradeRow, account: string): void {
    if (this.seen.has(trade.external_id)) {
      this.result.duplicatesInFile += 1;
      return;
    }
    this.seen.add(trade.external_id);
    this.result.trades.push(trade);
    this.result.accountNames.push(account.trim());
  }

  finish(): ParsedImport {
    if (this.result.layout === 'tradovate-fills') {
      const { trades, accounts, openFills } = tradesFromFills(this.fills);
      trades.forEach((trade, i) => this.keep(trade, accounts[i] ?? ''));
      this.result.openFills = openFills;
    }
    this.result.errors.sort((a, b) => a.row - b.row);
    return this.result;
  }
}

/** The accounts the file names, each once, in the order they first appear. */
export function fileAccounts(parsed: ParsedImport): string[] {
  return [...new Set(parsed.accountNames.filter((name) => name !== ''))];
}

/** "Row 7: pnl is not a number". */
export function describeRowError(error: RowError): string {
  return `Row ${error.row}: ${error.message}`;
}
