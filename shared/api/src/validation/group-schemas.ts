import * as yup from 'yup';
import { GROUP_MESSAGE, GROUP_NAME_MAX } from '../messages/group-messages';
import { wire } from './wire-meta';

/** A copy group's name: 1 to 60 characters once trimmed. Strict: a number is refused, not read as text. */
export const groupNameSchema = yup.object({
  name: yup
    .string()
    .strict()
    .typeError(GROUP_MESSAGE.nameText)
    .trim(GROUP_MESSAGE.nameRequired)
    .required(GROUP_MESSAGE.nameRequired)
    .max(GROUP_NAME_MAX, GROUP_MESSAGE.nameMax)
    .meta(
      wire({
        description: `1 to ${GROUP_NAME_MAX} characters, no space at either end; unique among the trader's groups (else 409).`,
        untyped: true,
      }),
    ),
});

/**
 * Moves an account into a group. `keep` leaves its position until the group leader's next trade; `align`
 * brings it to the leader × ratio at once (market orders).
 */
export const groupMoveSchema = yup.object({
  account_id: yup
    .number()
    .strict()
    .typeError(GROUP_MESSAGE.accountId)
    .required(GROUP_MESSAGE.accountId)
    .integer(GROUP_MESSAGE.accountId)
    .positive(GROUP_MESSAGE.accountId)
    .meta(
      wire({
        description: 'The account to move (one of yours; else 404).',
        untyped: true,
      }),
    ),
  position: yup
    .mixed<'keep' | 'align'>()
    .required(GROUP_MESSAGE.position)
    .oneOf(['keep', 'align'], GROUP_MESSAGE.position)
    .meta(wire({ description: "keep or align: what happens to the account's position." })),
});
