/** Text cells of broker exports turned into numbers; NaN when a cell is not a number. */

/** `$40.00`, `$(20.00)`, `$-10.00`, `-$5`, `$1,234.50`, `40` → dollars. */
export function parseMoney(text: string | undefined): number {
  let value = (text ?? '').trim();
  if (!value) return NaN;
  let negative = false;
  if (value.startsWith('(') && value.endsWith(')')) {
    negative = true;
    value = value.slice(1, -1);
  }
  value = value.replace(/^\$/, '').replace(/^-\$/, '-');
  if (value.startsWith('(') && value.endsWith(')')) {
    negative = !negative;
    value = value.slice(1, -1);
  }
  const number = parseNumber(value);
  return negative ? -number : number;
}

/** `1,234.5`, `-3`, `21029.75` → number; anything else NaN. */
export function parseNumber(text: string | undefined): number {
  const value = (text ?? '').trim().replace(/,/g, '');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(value)) return NaN;
  return Number(value);
}

/** Buy or sell from the many ways exports write it (`Buy`, ` Sell`, `B`, `S`, `BOT`, `SLD`). */
export function parseSide(text: string | undefined): 'buy' | 'sell' | null {
  const value = (text ?? '').trim().toLowerCase();
  if (['buy', 'b', 'bot', 'bought', 'long'].includes(value)) return 'buy';
  if (['sell', 's', 'sld', 'sold', 'short'].includes(value)) return 'sell';
  return null;
}

/** A stable 53-bit hash (cyrb53) as hex: the key of a source row without ids of its own. */
export function hashText(text: string, seed = 0): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16);
}
