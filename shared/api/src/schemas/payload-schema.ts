/**
 * The JSON Schema of a request payload, derived from its shared yup schema (`@synctrade/api/validation`),
 * which states the fields, rules and messages once for the forms and the server. The JSON Schema is the
 * server's first check and the OpenAPI document's request schema; it keeps to what needs no spec message:
 * each field's type, number bounds, list lengths, and a cap on texts far above every field's own limit, so
 * the yup rule's message (the spec's text) answers everything else. A field's `wire(...)` meta adds what the
 * wire refuses on its own (a required field, a text's lengths, an object closed to other fields).
 */
import { Type, type TSchema, type TUnsafe } from '@sinclair/typebox';
import type { InferType, Schema, SchemaDescription } from 'yup';
import type { WireMeta } from '../validation/wire-meta';
import { TEXT_CAP } from './helpers';

type Json = Record<string, unknown>;
type Test = { name?: string; params?: Record<string, unknown> };
interface Described {
  type: string;
  meta?: WireMeta;
  tests: Test[];
  innerType?: unknown;
}

const rulesBySchema = new WeakMap<object, Schema>();

/** The yup schema a payload's JSON Schema was derived from, to validate with after the JSON Schema. */
export function payloadRulesOf(schema: TSchema | undefined): Schema | undefined {
  return schema === undefined ? undefined : rulesBySchema.get(schema);
}

function bound(tests: Test[], name: 'min' | 'max'): number | undefined {
  const value = tests.find((test) => test.name === name)?.params?.[name];
  return typeof value === 'number' ? value : undefined;
}

function withBounds(json: Json, tests: Test[], low: string, high: string): Json {
  const min = bound(tests, 'min');
  const max = bound(tests, 'max');
  return {
    ...json,
    ...(min === undefined ? {} : { [low]: min }),
    ...(max === undefined ? {} : { [high]: max }),
  };
}

function jsonOf(schema: Schema): Json {
  const described = schema.describe() as SchemaDescription & Described;
  const meta = described.meta ?? {};
  const documented: Json = meta.description === undefined ? {} : { description: meta.description };
  if (meta.untyped === true) return documented;
  switch (described.type) {
    case 'string':
      return {
        type: 'string',
        ...(meta.minLength === undefined ? {} : { minLength: meta.minLength }),
        maxLength: meta.maxLength ?? TEXT_CAP,
        ...documented,
      };
    case 'boolean':
      return { type: 'boolean', ...documented };
    case 'number': {
      const integer = described.tests.some((test) => test.name === 'integer');
      return withBounds(
        { type: integer ? 'integer' : 'number', ...documented },
        described.tests,
        'minimum',
        'maximum',
      );
    }
    case 'array': {
      const inner = (schema as unknown as { innerType?: Schema }).innerType;
      // Only the upper length: an empty list is answered by the rule's own message.
      const max = bound(described.tests, 'max');
      return {
        type: 'array',
        ...(inner === undefined ? {} : { items: jsonOf(inner) }),
        ...(max === undefined ? {} : { maxItems: max }),
        ...documented,
      };
    }
    case 'object': {
      const fields = (schema as unknown as { fields: Record<string, Schema> }).fields;
      const properties = Object.fromEntries(
        Object.entries(fields).map(([key, field]) => [key, jsonOf(field)]),
      );
      const required = Object.entries(fields)
        .filter(([, field]) => (field.describe() as Described).meta?.requiredOnWire === true)
        .map(([key]) => key);
      return {
        type: 'object',
        ...(required.length > 0 ? { required } : {}),
        properties,
        ...(meta.closed === true ? { additionalProperties: false } : {}),
        ...documented,
      };
    }
    default:
      // `mixed` (a choice from a list): any JSON value, the rule names the choices.
      return documented;
  }
}

/**
 * The JSON Schema of the payload stated by `rules`; its wire type is what the rules let through. With
 * `nonObjectIgnored`, a body that is not an object passes the JSON Schema (the route reads it as empty).
 */
export function payloadSchema<S extends Schema>(
  rules: S,
  options: { nonObjectIgnored?: boolean } = {},
): TUnsafe<InferType<S>> {
  const json = jsonOf(rules);
  const schema = Type.Unsafe<InferType<S>>(
    options.nonObjectIgnored === true
      ? {
          anyOf: [json, { not: { type: 'object' } }],
          description: 'A body that is not an object changes nothing.',
        }
      : json,
  );
  rulesBySchema.set(schema, rules);
  return schema;
}
