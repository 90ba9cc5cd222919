import * as yup from 'yup';
import { CLIENT_MESSAGE } from '../messages/client-messages';
import { VALIDATION } from '../messages/validation-messages';
import { hasAtMostTwoDecimals, wholeCentsMessage } from './amounts';
import { ENVIRONMENTS, FLATTEN_MAX_IDS } from './constants';
import { isRatioNumber, RATIO_LIMITS } from './ratio';
import { wire } from './wire-meta';

export const connectQuerySchema = yup.object({
  connection_name: yup
    .string()
    .trim()
    .required(VALIDATION.connectionNameRequired)
    .max(100, VALIDATION.connectionNameMax),
  environment: yup
    .mixed<'demo' | 'live'>()
    .oneOf([...ENVIRONMENTS], VALIDATION.environmentInvalid)
    .default('demo')
    .meta(
      wire({
        description: `demo or live. Anything else answers 400 "${VALIDATION.environmentInvalid}".`,
        untyped: true,
      }),
    ),
});

/**
 * Ratio: a number greater than zero (spec section 5), in hundredths (`RATIO_LIMITS`). Strict: a JSON string
 * ("2") is refused, not read as a number.
 */
export const ratioSchema = yup.object({
  ratio: yup
    .number()
    .strict()
    .typeError(CLIENT_MESSAGE.invalidRatio)
    .required(CLIENT_MESSAGE.invalidRatio)
    .max(RATIO_LIMITS.max, `Ratio must be at most ${RATIO_LIMITS.max}`)
    .test('ratio', CLIENT_MESSAGE.invalidRatio, (ratio) => ratio === undefined || isRatioNumber(ratio))
    .meta(
      wire({
        description: `A number (not a string) from ${RATIO_LIMITS.min} to ${RATIO_LIMITS.max}, in hundredths. Anything else answers 400 "${CLIENT_MESSAGE.invalidRatio}" (above ${RATIO_LIMITS.max}: "Ratio must be at most ${RATIO_LIMITS.max}").`,
        untyped: true,
        requiredOnWire: true,
      }),
    ),
});

const CROSS_MESSAGE = 'cross must be true or false';

/** Cross (copy a follower's orders across accounts): a real boolean, "true" or 1 are refused. */
export const crossSchema = yup.object({
  cross: yup
    .boolean()
    .strict()
    .typeError(CROSS_MESSAGE)
    .required(CROSS_MESSAGE)
    .meta(
      wire({
        description: `true or false. Anything else answers 400 "${CROSS_MESSAGE}".`,
        untyped: true,
        requiredOnWire: true,
      }),
    ),
});

export const flattenSchema = yup
  .array()
  .of(
    yup
      .number()
      .integer('Account ids must be whole numbers')
      .positive('Account ids must be positive')
      .required(),
  )
  .required('A list of account ids is required')
  .min(1, CLIENT_MESSAGE.nothingToFlatten)
  .max(FLATTEN_MAX_IDS, `Account ids may hold at most ${FLATTEN_MAX_IDS} items`)
  .meta(wire({ description: 'The list of account ids (spec section 3).' }));

export const riskSettingsSchema = yup.object({
  max_contracts_per_order: yup.number().integer().min(1).max(10_000),
  max_net_position: yup.number().integer().min(1).max(10_000),
  daily_loss_limit: yup
    .number()
    .min(0)
    .max(100_000_000)
    .test(
      'cents',
      wholeCentsMessage('daily_loss_limit'),
      (amount) => amount === undefined || hasAtMostTwoDecimals(amount),
    )
    .meta(wire({ description: 'Dollars in whole cents; 0: no limit.' })),
  auto_sync: yup.boolean(),
});
