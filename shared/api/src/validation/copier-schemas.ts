import * as yup from 'yup';
import { CLIENT_MESSAGE } from '../messages/client-messages';
import { VALIDATION } from '../messages/validation-messages';
import { ENVIRONMENTS } from './constants';

export const connectQuerySchema = yup.object({
  connection_name: yup
    .string()
    .trim()
    .required(VALIDATION.connectionNameRequired)
    .max(100, VALIDATION.connectionNameMax),
  environment: yup
    .mixed<'demo' | 'live'>()
    .oneOf([...ENVIRONMENTS], VALIDATION.environmentInvalid)
    .default('demo'),
});

/** Ratio: a number greater than zero (spec section 5). */
export const ratioSchema = yup.object({
  ratio: yup
    .number()
    .typeError(CLIENT_MESSAGE.invalidRatio)
    .required(CLIENT_MESSAGE.invalidRatio)
    .moreThan(0, CLIENT_MESSAGE.invalidRatio)
    .max(1000, 'Ratio must be at most 1000'),
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
  .min(1, CLIENT_MESSAGE.nothingToFlatten);

export const riskSettingsSchema = yup.object({
  max_contracts_per_order: yup.number().integer().min(1).max(10_000),
  max_net_position: yup.number().integer().min(1).max(10_000),
  daily_loss_limit: yup.number().min(0).max(100_000_000),
  auto_sync: yup.boolean(),
});
