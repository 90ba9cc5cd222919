import * as yup from 'yup';
import { RITHMIC_VALIDATION } from '../messages/rithmic-messages';
import { connectQuerySchema } from './copier-schemas';
import { wire } from './wire-meta';

/** The longest gateway or system name the server takes or answers. */
export const RITHMIC_NAME_MAX = 100;
/** The most systems one gateway's list may hold in an answer. */
export const RITHMIC_SYSTEMS_MAX = 200;

const gateway = yup
  .string()
  .trim()
  .required(RITHMIC_VALIDATION.gatewayRequired)
  .max(RITHMIC_NAME_MAX, RITHMIC_VALIDATION.gatewayMax)
  .meta(wire({ description: 'The name of one of the gateways `GET /brokers/{broker}/gateways` lists.' }));

/** `GET /brokers/rithmic/systems`: the gateway whose systems are listed. */
export const gatewaySystemsQuerySchema = yup.object({ gateway });

/**
 * `POST /brokers/rithmic/connect-login`: the drawer's fields (name and environment as for every broker). The
 * password is taken as typed (spaces are part of it) and never answered back.
 */
export const loginConnectSchema = connectQuerySchema.shape({
  gateway,
  system_name: yup
    .string()
    .trim()
    .required(RITHMIC_VALIDATION.systemRequired)
    .max(RITHMIC_NAME_MAX, RITHMIC_VALIDATION.systemMax)
    .meta(
      wire({ description: 'One of the systems `GET /brokers/{broker}/systems` listed for the gateway.' }),
    ),
  user_name: yup
    .string()
    .trim()
    .required(RITHMIC_VALIDATION.userNameRequired)
    .max(100, RITHMIC_VALIDATION.userNameMax),
  password: yup
    .string()
    .required(RITHMIC_VALIDATION.passwordRequired)
    .max(200, RITHMIC_VALIDATION.passwordMax)
    .meta(wire({ description: 'Stored encrypted; never logged nor answered back.' })),
});
