import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { payloadRulesOf, type RouteSchema } from '@synctrade/api/schemas';
import { wireMetaOf } from '@synctrade/api/validation';
import type { AnyObject, ObjectSchema, Schema } from 'yup';
import { validateObject, validateValue } from './validate';

const received = new WeakMap<FastifyRequest, unknown>();

/** The body as it arrived, before its rules filled defaults in (a partial update writes only what was sent). */
export function receivedBody(request: FastifyRequest): unknown {
  return received.has(request) ? received.get(request) : request.body;
}

function isObjectSchema(rules: Schema): rules is ObjectSchema<AnyObject> {
  return rules.type === 'object';
}

function checked(rules: Schema, input: unknown): unknown {
  return isObjectSchema(rules) && wireMetaOf(rules).bodyAsSent !== true
    ? validateObject(rules, input)
    : validateValue(rules, input);
}

/**
 * The check of a route whose body or query is stated by a shared yup schema (`payloadSchema` in its entry):
 * it runs after the JSON Schema and the route's own preHandlers, answers 400 with the rule's message, and
 * hands the handler the validated value (trimmed, defaults filled in, unknown fields dropped).
 */
export function payloadRulesHook(entry: RouteSchema): preHandlerAsyncHookHandler | undefined {
  const bodyRules = payloadRulesOf(entry.body);
  const queryRules = payloadRulesOf(entry.querystring);
  if (bodyRules === undefined && queryRules === undefined) return undefined;
  return async (request) => {
    if (queryRules !== undefined) request.query = checked(queryRules, request.query);
    if (bodyRules !== undefined) {
      received.set(request, request.body);
      request.body = checked(bodyRules, request.body);
    }
  };
}
