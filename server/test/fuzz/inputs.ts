import type { JsonSchema } from './openapi-routes';
import type { Random } from './random';

const LONG = 'x'.repeat(100_000);
const NUL = 'a\u0000b';

/** Hostile scalars every field gets tried with, whatever its declared type. */
export const HOSTILE_SCALARS: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 63,
  Number.MAX_SAFE_INTEGER + 2,
  '',
  ' ',
  NUL,
  LONG,
  '9'.repeat(400),
  "' OR 1=1 --",
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  '=HYPERLINK("http://evil.example")',
  '2026-02-30',
  '0000-01-01',
  '+275760-09-13T00:00:00Z',
  '\ud800',
  '🙂'.repeat(1000),
  { $gt: '' },
  ['a'],
];

/** Hostile path segments: what a URL can carry in place of an id, a date or a name. */
export const HOSTILE_SEGMENTS = [
  '0',
  '-1',
  '1.5',
  'abc',
  '9'.repeat(30),
  '%00',
  'a%00b',
  '..%2F..%2Fetc%2Fpasswd',
  '%27%20OR%201%3D1',
  'x'.repeat(2_000),
  '2026-02-30',
  '0000-01-01',
  '%F0%9F%99%82',
  '%E0%A4%A',
];

/** A list of 100,000 items (ids or objects). */
export function hugeList(kind: 'ids' | 'objects'): unknown[] {
  return Array.from({ length: 100_000 }, (_, index) => (kind === 'ids' ? index + 1 : { id: index + 1 }));
}

/** A JSON text nested `levels` deep (built as text: serializing such a value would overflow the stack). */
export function deepJson(levels: number): string {
  return `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
}

function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type;
}

/** A value that fits the schema (a best effort: enough to get past validation to the handler). */
export function validValue(schema: JsonSchema | undefined, random: Random, hint = ''): unknown {
  if (!schema) return hintValue(hint, random);
  if (schema.enum && schema.enum.length > 0) return random.pick(schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.length > 0) return validValue(random.pick(variants), random, hint);
  if (schema.allOf && schema.allOf.length > 0) return validValue(schema.allOf[0], random, hint);
  switch (typeOf(schema)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(schema.properties ?? {}))
        if (schema.required?.includes(key) || random.next() < 0.7) out[key] = validValue(field, random, key);
      return out;
    }
    case 'array':
      return Array.from({ length: 1 + random.int(3) }, () => validValue(schema.items, random, hint));
    case 'integer':
      return Math.max(schema.minimum ?? 1, Math.min(schema.maximum ?? 1000, 1 + random.int(5)));
    case 'number':
      return Math.max(schema.minimum ?? 0.5, Math.min(schema.maximum ?? 1000, 0.5 + random.int(5)));
    case 'boolean':
      return random.next() < 0.5;
    case 'string':
      if (schema.format === 'date') return '2026-01-05';
      if (schema.format === 'date-time') return '2026-01-05T14:30:00.000Z';
      if (schema.format === 'email') return `fuzz${random.int(1e6)}@example.com`;
      return hintValue(hint, random, schema.minLength ?? 1, schema.maxLength ?? 20);
    default:
      return hintValue(hint, random);
  }
}

/** Plausible values by field name, for routes whose document carries no schema. */
function hintValue(hint: string, random: Random, min = 1, max = 20): unknown {
  const name = hint.toLowerCase();
  if (name.includes('email')) return `fuzz${random.int(1e6)}@example.com`;
  if (name.includes('password')) return 'Fuzz!Pass1';
  if (name.includes('date')) return '2026-01-05';
  if (name.includes('time')) return '2026-01-05T14:30:00.000Z';
  if (name === 'side') return random.pick(['buy', 'sell']);
  if (['qty', 'ratio', 'account_id', 'max_contracts_per_order', 'max_net_position'].includes(name)) return 1;
  if (name === 'cross' || name === 'auto_sync') return random.next() < 0.5;
  const text = 'fuzz'.padEnd(Math.max(min, 4), 'z');
  return text.slice(0, Math.max(min, Math.min(max, text.length)));
}

/** Field names tried on routes without a schema: the names the product's routes read. */
export const KNOWN_FIELDS = [
  'email',
  'password',
  'otp',
  'code',
  'token',
  'new_password',
  'current_password',
  'confirmPassword',
  'username',
  'first_name',
  'last_name',
  'bio',
  'ratio',
  'cross',
  'auto_sync',
  'max_contracts_per_order',
  'max_net_position',
  'daily_loss_limit',
  'journal',
  'note',
  'trades',
  'account_id',
  'contract',
  'side',
  'qty',
  'order_type',
  'state',
  'connection_name',
  'environment',
  'start_date',
  'end_date',
];

/** A valid-looking object over the schema's fields, or over the known field names when there is none. */
export function fieldsOf(schema: JsonSchema | undefined): string[] {
  const properties = schema?.properties ? Object.keys(schema.properties) : [];
  return properties.length > 0 ? properties : KNOWN_FIELDS;
}
