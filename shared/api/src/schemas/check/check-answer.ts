import type { TSchema } from '@sinclair/typebox';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { answerFor, matchRoute } from '../route-match';
import { isJsonAnswer } from '../routes';

/** Thrown when an answer is one the server could never send. */
export class AnswerMismatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AnswerMismatchError';
  }
}

// The same reading of the schemas as the server's (Ajv 8, formats, `nullable`), but strict about extra
// fields: the server drops fields its schema does not name, so a stub carrying one shows what it never sends.
const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));
const compiled = new WeakMap<TSchema, ValidateFunction>();

function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = closed(value);
  if (copy.type === 'object' && copy.properties !== undefined && copy.additionalProperties === undefined)
    copy.additionalProperties = false;
  return copy;
}

function validatorOf(schema: TSchema): ValidateFunction {
  let validate = compiled.get(schema);
  if (validate === undefined) {
    validate = ajv.compile(closed(schema) as object);
    compiled.set(schema, validate);
  }
  return validate;
}

function problems(validate: ValidateFunction): string {
  return (validate.errors ?? [])
    .slice(0, 5)
    .map((error) => {
      const extra =
        error.keyword === 'additionalProperties' ? ` (${String(error.params.additionalProperty)})` : '';
      return `${error.instancePath || '(answer)'} ${error.message ?? 'is invalid'}${extra}`;
    })
    .join('; ');
}

/** Checks a value against one schema (a feed message, an entity fixture); throws what is wrong. */
export function checkValue<T>(schema: TSchema, value: T, what: string): T {
  const validate = validatorOf(schema);
  if (!validate(value))
    throw new AnswerMismatchError(`${what} does not match its schema: ${problems(validate)}`);
  return value;
}

/**
 * Checks that the server could send this answer to `METHOD path` (`path` with the API prefix, e.g.
 * `/api/v1/brokers/connections`): the route exists, it documents the status, and a JSON body matches.
 */
export function checkAnswer(method: string, path: string, status: number, body: unknown): void {
  const route = matchRoute(method, path);
  if (route === undefined) throw new AnswerMismatchError(`The server has no route ${method} ${path}`);
  const answer = answerFor(route.schema, status);
  if (answer === undefined)
    throw new AnswerMismatchError(`${route.key} never answers ${status} (see @synctrade/api/schemas)`);
  if (!isJsonAnswer(answer)) return;
  checkValue(answer, body, `The ${status} answer of ${route.key}`);
}
