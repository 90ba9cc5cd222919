import * as yup from 'yup';
import { wire } from '../validation/wire-meta';
import { TEXT_CAP } from './helpers';
import { payloadRulesOf, payloadSchema } from './payload-schema';

const plain = (schema: unknown): unknown => JSON.parse(JSON.stringify(schema));

describe('payloadSchema: the JSON Schema of a payload stated by its yup schema', () => {
  it('when fields are texts, numbers, flags and lists, then only types, number bounds, list lengths and the text cap are kept', () => {
    const rules = yup.object({
      name: yup.string().trim().required('Name is required').max(50, 'At most 50'),
      count: yup.number().integer().min(1).max(9),
      amount: yup
        .number()
        .min(0)
        .meta(wire({ description: 'Dollars' })),
      on: yup.boolean(),
      ids: yup.array().of(yup.number().integer().positive().required()).min(1, 'None').max(3, 'Too many'),
    });
    expect(plain(payloadSchema(rules))).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string', maxLength: TEXT_CAP },
        count: { type: 'integer', minimum: 1, maximum: 9 },
        amount: { type: 'number', minimum: 0, description: 'Dollars' },
        on: { type: 'boolean' },
        ids: { type: 'array', items: { type: 'integer' }, maxItems: 3 },
      },
    });
  });

  it('when a field is untyped or required on the wire, then its rule answers a wrong type and the schema its absence', () => {
    const rules = yup.object({
      ratio: yup
        .number()
        .strict()
        .typeError('Bad ratio')
        .required('Bad ratio')
        .meta(wire({ description: 'A ratio', untyped: true, requiredOnWire: true })),
      choice: yup.mixed<'a' | 'b'>().oneOf(['a', 'b'], 'a or b'),
    });
    expect(plain(payloadSchema(rules))).toEqual({
      type: 'object',
      required: ['ratio'],
      properties: { ratio: { description: 'A ratio' }, choice: {} },
    });
  });

  it('when the wire refuses a text by its length or an object other fields, then the schema says so', () => {
    const rules = yup
      .object({
        pick: yup
          .string()
          .oneOf(['a.b', 'c.d'], 'a.b or c.d')
          .meta(wire({ minLength: 1, maxLength: 64, requiredOnWire: true })),
      })
      .meta(wire({ closed: true }));
    expect(plain(payloadSchema(rules))).toEqual({
      type: 'object',
      required: ['pick'],
      properties: { pick: { type: 'string', minLength: 1, maxLength: 64 } },
      additionalProperties: false,
    });
  });

  it('when a body that is not an object is ignored, then the schema lets it through', () => {
    const schema = payloadSchema(yup.object({ bio: yup.string() }), { nonObjectIgnored: true });
    expect(plain(schema)).toEqual({
      anyOf: [
        { type: 'object', properties: { bio: { type: 'string', maxLength: TEXT_CAP } } },
        { not: { type: 'object' } },
      ],
      description: 'A body that is not an object changes nothing.',
    });
  });

  it('when the server asks for the rules of a payload schema, then it gets the yup schema it came from', () => {
    const rules = yup.object({ code: yup.string() });
    expect(payloadRulesOf(payloadSchema(rules))).toBe(rules);
    expect(payloadRulesOf({ type: 'string' } as never)).toBeUndefined();
    expect(payloadRulesOf(undefined)).toBeUndefined();
  });
});
