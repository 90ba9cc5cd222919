/**
 * The product's one escaper for text that ends up in a spreadsheet (CSV exports and clipboard tables).
 * A cell starting with = + - @ (or a tab or carriage return before them) is run as a formula by Excel,
 * LibreOffice and Google Sheets; a leading apostrophe makes it plain text again (OWASP "CSV injection").
 * Only text is defused: numbers the product writes itself (-12.50) stay numbers.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text as a spreadsheet shows it, never as a formula. */
export function defuseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One CSV field: text is defused; any field with a quote, comma or line break is quoted; null is empty. */
export function csvField(value: string | number | null, kind: 'text' | 'number' = 'text'): string {
  if (value === null) return '';
  const out = kind === 'text' ? defuseFormula(String(value)) : String(value);
  return /[",\r\n]/.test(out) ? `"${out.replace(/"/g, '""')}"` : out;
}

/** One cell of a tab-separated table for the clipboard: defused, and tabs or line breaks become spaces. */
export function tsvField(value: string, kind: 'text' | 'number' = 'text'): string {
  const flat = value.replace(/[\t\r\n]+/g, ' ');
  return kind === 'text' ? defuseFormula(flat) : flat;
}
