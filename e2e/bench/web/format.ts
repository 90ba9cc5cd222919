/** Text-table helpers for the web benchmark's output. */

/** KB of 1024 bytes, one decimal. */
export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

export function ms(value: number | null): string {
  if (value === null) return '—';
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
}

export function num(value: number | null, digits = 0): string {
  return value === null ? '—' : value.toFixed(digits);
}

/**
 * Pads every column to its widest cell: the first and last columns (labels and notes) to the left, the figures
 * between them to the right.
 */
export function table(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  indent = '  ',
): string {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => (row[i] ?? '').length)));
  const last = header.length - 1;
  const line = (row: readonly string[]): string =>
    indent +
    row
      .map((cell, i) => (i === 0 || i === last ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

/** A long chunk name cut to its start and hash so the tables stay readable. */
export function shortName(path: string, max = 64): string {
  const name = path.split('/').pop() ?? path;
  return name.length <= max ? name : `${name.slice(0, max - 22)}…${name.slice(-21)}`;
}
