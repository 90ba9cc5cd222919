import * as yup from 'yup';
import { hasAtMostTwoDecimals, wholeCentsMessage } from './amounts';
import { wire } from './wire-meta';

/** One firm-rule value the trader may change on its own: its label and the range the guard accepts. */
export interface PropRuleFieldSpec {
  label: string;
  min: number;
  max: number;
  integer: boolean;
  /** Dollars (shown with a $), minutes, contracts or a percentage. */
  unit: 'usd' | 'minutes' | 'contracts' | 'percent';
}

// The ranges are those of `PropRulesSchema` (the whole rule set): a single edit can never store what a whole
// PUT would refuse.
export const PROP_RULE_FIELDS = {
  'maxContracts.minis': {
    label: 'Max contracts (minis)',
    min: 1,
    max: 1000,
    integer: true,
    unit: 'contracts',
  },
  'maxContracts.microsPerMini': {
    label: 'Micros per mini',
    min: 1,
    max: 100,
    integer: true,
    unit: 'contracts',
  },
  'drawdown.amount': { label: 'Trailing drawdown', min: 0, max: 1e9, integer: false, unit: 'usd' },
  'drawdown.buffer': { label: 'Drawdown buffer', min: 0, max: 1e9, integer: false, unit: 'usd' },
  'drawdown.startingBalance': { label: 'Starting balance', min: 0, max: 1e9, integer: false, unit: 'usd' },
  'dailyLoss.amount': { label: 'Daily loss limit', min: 0, max: 1e9, integer: false, unit: 'usd' },
  'dailyProfit.amount': { label: 'Daily profit target', min: 0, max: 1e9, integer: false, unit: 'usd' },
  'flatBy.minutesBefore': {
    label: 'Flat-by: minutes before the deadline',
    min: 0,
    max: 720,
    integer: true,
    unit: 'minutes',
  },
  'news.minutesBefore': { label: 'News: minutes before', min: 0, max: 720, integer: true, unit: 'minutes' },
  'news.minutesAfter': { label: 'News: minutes after', min: 0, max: 720, integer: true, unit: 'minutes' },
  'consistency.maxBestDayPercent': {
    label: 'Consistency: best day at most (%)',
    min: 1,
    max: 99,
    integer: false,
    unit: 'percent',
  },
} as const satisfies Record<string, PropRuleFieldSpec>;

export type PropRuleField = keyof typeof PROP_RULE_FIELDS;
export const PROP_RULE_FIELD_NAMES = Object.keys(PROP_RULE_FIELDS) as PropRuleField[];

/** The number one field accepts, with messages that name the field. */
export function propRuleValueSchema(field: PropRuleField): yup.NumberSchema<number> {
  const spec: PropRuleFieldSpec = PROP_RULE_FIELDS[field];
  let schema = yup
    .number()
    .typeError(`${spec.label} must be a number`)
    .required(`${spec.label} is required`)
    .min(spec.min, `${spec.label} must be at least ${spec.min}`)
    .max(spec.max, `${spec.label} must be at most ${spec.max}`);
  if (spec.integer) schema = schema.integer(`${spec.label} must be a whole number`);
  if (spec.unit === 'usd')
    schema = schema.test('cents', wholeCentsMessage(spec.label), (amount) => hasAtMostTwoDecimals(amount));
  return schema;
}

/** `PATCH /propfirm/accounts/:id/rules`: one value of the account's rules. */
export const propRuleEditSchema = yup
  .object({
    field: yup
      .string<PropRuleField>()
      .required('field is required')
      .oneOf(PROP_RULE_FIELD_NAMES, `field must be one of ${PROP_RULE_FIELD_NAMES.join(', ')}`)
      .meta(
        wire({
          description: 'e.g. maxContracts.minis, dailyLoss.amount',
          minLength: 1,
          maxLength: 64,
          requiredOnWire: true,
        }),
      ),
    value: yup
      .number()
      .typeError('value must be a number')
      .required('value is required')
      .when('field', ([field]: unknown[], schema) =>
        typeof field === 'string' && field in PROP_RULE_FIELDS
          ? propRuleValueSchema(field as PropRuleField)
          : schema,
      )
      .meta(wire({ requiredOnWire: true })),
  })
  .meta(wire({ closed: true }));

/** `PATCH /propfirm/accounts/:id/rules/values`: several values at once, each field once; all are kept or none. */
export const propRuleEditsSchema = yup
  .object({
    edits: yup
      .array()
      .of(propRuleEditSchema)
      .required('edits is required')
      .min(1, 'edits must hold at least one change')
      .max(PROP_RULE_FIELD_NAMES.length, `edits may hold at most ${PROP_RULE_FIELD_NAMES.length} changes`)
      .test('distinct', 'each field may be changed once', (edits) => {
        const fields = (edits ?? []).map((one) => one?.field);
        return new Set(fields).size === fields.length;
      })
      .meta(wire({ requiredOnWire: true })),
  })
  .meta(wire({ closed: true }));

/** `PUT /propfirm/mail-settings`: a real boolean ("yes", 1 or null are refused, not guessed). */
export const propMailSettingsSchema = yup
  .object({
    rule_emails: yup
      .boolean()
      .strict()
      .typeError('rule_emails must be true or false')
      .required('rule_emails is required')
      .meta(
        wire({
          description: 'E-mail when a firm rule acts (at most one mail per 15 min)',
          requiredOnWire: true,
        }),
      ),
  })
  .meta(wire({ closed: true }));
