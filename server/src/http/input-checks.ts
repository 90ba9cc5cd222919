import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

/** Bodies nested deeper than this are refused: no route takes more than a few levels. */
export const MAX_DEPTH = 32;

const ZERO_BYTE = 'Text must not contain zero bytes';

/**
 * Walks a parsed body, query or params without recursion (a deeply nested body cannot overflow the stack)
 * and answers the first problem: a zero byte in any text or key (PostgreSQL cannot store one) or a nesting
 * deeper than MAX_DEPTH. Null when the input is fine.
 */
export function inputProblem(input: unknown): string | null {
  const stack: Array<{ value: unknown; depth: number }> = [{ value: input, depth: 0 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop() as { value: unknown; depth: number };
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return ZERO_BYTE;
      continue;
    }
    if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) continue;
    if (depth >= MAX_DEPTH) return 'The request is nested too deeply';
    const entries = Array.isArray(value) ? value : Object.entries(value as Record<string, unknown>);
    for (const entry of entries) {
      if (Array.isArray(value)) stack.push({ value: entry, depth: depth + 1 });
      else {
        const [key, item] = entry as [string, unknown];
        if (key.includes('\u0000')) return ZERO_BYTE;
        stack.push({ value: item, depth: depth + 1 });
      }
    }
  }
  return null;
}

/** Every route's body, query and params pass the guard before validation: 400 with `detail` otherwise. */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const problem = inputProblem(part);
      if (problem) throw AppError.badRequest(problem);
    }
  });
}
