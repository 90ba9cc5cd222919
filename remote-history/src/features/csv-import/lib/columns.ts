export type CsvRow = Record<string, string | undefined>;

/** Header names as the file writes them, without a byte-order mark or padding. */
export function cleanHeader(name: string): string {
  return name.replace(/^\uFEFF/, '').trim();
}

/**
 * Finds columns by name whatever their order: exact names first (Tradovate's fills export has both
 * `timestamp` and `Timestamp`), then case-insensitively.
 */
export class Columns {
  private readonly exact: Set<string>;
  private readonly folded = new Map<string, string>();

  constructor(fields: readonly string[]) {
    this.exact = new Set(fields);
    for (const field of fields)
      if (!this.folded.has(field.toLowerCase())) this.folded.set(field.toLowerCase(), field);
  }

  /** The file's name for the first of `names` present, or null. */
  find(...names: string[]): string | null {
    for (const name of names) if (this.exact.has(name)) return name;
    for (const name of names) {
      const field = this.folded.get(name.toLowerCase());
      if (field) return field;
    }
    return null;
  }

  has(...names: string[]): boolean {
    return names.every((name) => this.find(name) !== null);
  }

  /** The first non-empty cell among `names`. */
  value(row: CsvRow, ...names: string[]): string | undefined {
    for (const name of names) {
      const field = this.find(name);
      const cell = field === null ? undefined : row[field]?.trim();
      if (cell) return cell;
    }
    return undefined;
  }
}

export type Layout = 'tradovate-performance' | 'tradovate-fills' | 'synctrade';

export const LAYOUT_LABEL: Record<Layout, string> = {
  'tradovate-performance': 'Tradovate Performance export',
  'tradovate-fills': 'Tradovate Fills export',
  synctrade: 'SyncTrade trade history export',
};

/** Which export a header belongs to, or why it is not one we read. */
export function detectLayout(columns: Columns): { layout: Layout } | { problem: string } {
  if (columns.has('entry_time', 'exit_time', 'entry_price', 'exit_price', 'side', 'symbol', 'pnl')) {
    return { layout: 'synctrade' };
  }
  if (columns.has('buyFillId', 'sellFillId', 'boughtTimestamp', 'soldTimestamp', 'pnl')) {
    return { layout: 'tradovate-performance' };
  }
  const side = columns.find('B/S', 'action');
  const qty = columns.find('Quantity', 'qty');
  const time = columns.find('timestamp', 'Timestamp');
  if (side && qty && time && columns.has('Price', 'Contract')) return { layout: 'tradovate-fills' };
  if (columns.has('filledQty', 'avgPrice')) {
    return {
      problem: 'An Orders export holds no closed trades: export Performance or Fills from Tradovate instead.',
    };
  }
  return {
    problem:
      'Unrecognized file: expected a Tradovate Performance or Fills export, or a trade history export from this page.',
  };
}
