import * as yup from 'yup';
import { CONTRACT_ROOTS, type ContractRoot } from '@synctrade/market';
import { COPY_SETTINGS_MESSAGE, FIXED_QTY_MAX } from '../messages/copy-settings-messages';
import { wire } from './wire-meta';

export const COPY_MODES = ['mirror', 'fills'] as const;

/**
 * A follower's copy settings; every field is optional (a field left out keeps its value). Strict: a JSON string
 * is refused, not read as a number.
 */
export const copySettingsSchema = yup.object({
  fixed_qty: yup
    .number()
    .strict()
    .nullable()
    .typeError(COPY_SETTINGS_MESSAGE.fixedQty)
    .integer(COPY_SETTINGS_MESSAGE.fixedQty)
    .min(1, COPY_SETTINGS_MESSAGE.fixedQty)
    .max(FIXED_QTY_MAX, COPY_SETTINGS_MESSAGE.fixedQty)
    .meta(
      wire({
        description:
          "Contracts the follower holds, on the leader's side, whenever the leader holds a position (copied on the leader's fills); null: leader × ratio.",
        untyped: true,
      }),
    ),
  copy_mode: yup
    .mixed<(typeof COPY_MODES)[number]>()
    .oneOf([...COPY_MODES], COPY_SETTINGS_MESSAGE.copyMode)
    .meta(
      wire({
        description:
          "mirror: the leader's working orders are mirrored at the follower's broker (as before); fills: only the leader's fills are copied, as market orders.",
      }),
    ),
  contracts: yup
    .array(
      yup
        .mixed<ContractRoot>()
        .oneOf([...CONTRACT_ROOTS], COPY_SETTINGS_MESSAGE.contracts)
        .required(COPY_SETTINGS_MESSAGE.contracts),
    )
    .strict()
    .typeError(COPY_SETTINGS_MESSAGE.contracts)
    .max(CONTRACT_ROOTS.length, COPY_SETTINGS_MESSAGE.contracts)
    .meta(
      wire({
        description:
          'Copy only these contract roots into the follower (its own contract, after Cross); empty: every contract.',
        untyped: true,
      }),
    ),
});
