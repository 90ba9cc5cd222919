import * as yup from 'yup';
import { KILL_SWITCH_MESSAGE } from '../messages/kill-switch-messages';
import { wire } from './wire-meta';

const targetId = (description: string) =>
  yup
    .number()
    .strict()
    .typeError(KILL_SWITCH_MESSAGE.targetId)
    .integer(KILL_SWITCH_MESSAGE.targetId)
    .positive(KILL_SWITCH_MESSAGE.targetId)
    .meta(wire({ description, untyped: true }));

const action = (description: string) =>
  yup
    .boolean()
    .strict()
    .typeError(KILL_SWITCH_MESSAGE.action)
    .required(KILL_SWITCH_MESSAGE.action)
    .meta(wire({ description, untyped: true }));

/**
 * `POST /copier/kill-switch`: one copy group or one account, and what to do to it. Following stops first (so no
 * copy reopens what is closed), then working orders are canceled, then positions are flattened.
 */
export const killSwitchSchema = yup
  .object({
    group_id: targetId('The copy group (one of yours; else 404). Exactly one of group_id and account_id.'),
    account_id: targetId('The account (one of yours; else 404). Exactly one of group_id and account_id.'),
    flatten: action('Close every position of the accounts at market.'),
    cancel_orders: action('Cancel every working order of the accounts.'),
    stop_following: action(
      "Stop the followers copying (the group's followers, or the account if it follows).",
    ),
    code: yup
      .string()
      .strict()
      .typeError(KILL_SWITCH_MESSAGE.code)
      .max(64, KILL_SWITCH_MESSAGE.code)
      .meta(
        wire({
          description:
            'Required when two-factor authentication is on: a current code or an unused recovery code.',
          untyped: true,
        }),
      ),
  })
  .test(
    'one-target',
    KILL_SWITCH_MESSAGE.target,
    (value) => (value.group_id === undefined) !== (value.account_id === undefined),
  )
  .test(
    'an-action',
    KILL_SWITCH_MESSAGE.actions,
    (value) => value.flatten || value.cancel_orders || value.stop_following,
  );
