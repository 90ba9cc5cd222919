import type { FastifySchemaValidationError } from 'fastify/types/schema';

/**
 * The 400 `detail` of a request that its route's JSON Schema refuses: the first problem, named by its field
 * (`email must be string`, `body[3] must be integer`) rather than by Fastify's internal path.
 */
export function validationError(errors: FastifySchemaValidationError[], context: string): Error {
  const first = errors[0];
  if (first === undefined) return new Error(`Invalid ${context}`);
  const path = first.instancePath
    .split('/')
    .filter((part) => part !== '')
    .map((part, index) => (/^\d+$/.test(part) ? `[${part}]` : index === 0 ? part : `.${part}`))
    .join('');
  const field = path === '' ? context : path.startsWith('[') ? `${context}${path}` : path;
  const extra =
    first.keyword === 'additionalProperties' ? ` (${String(first.params.additionalProperty)})` : '';
  // The same words as the payloads' own list caps (`flattenSchema`), whichever check answers first.
  if (first.keyword === 'maxItems')
    return new Error(`${field} may hold at most ${String(first.params.limit)} items`);
  return new Error(`${field} ${first.message ?? 'is invalid'}${extra}`);
}
