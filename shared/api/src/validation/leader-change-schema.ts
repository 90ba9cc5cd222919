import * as yup from 'yup';
import { LEADER_CHANGE_MESSAGE } from '../messages/desk-confirm-messages';
import { wire } from './wire-meta';

/** No body at all (nothing sent, JSON null, an empty text): the followers are kept. */
function isAbsent(body: unknown): boolean {
  return body === undefined || body === null || body === '';
}

function hasOnlyFollowers(body: unknown): boolean {
  return isAbsent(body) || Object.keys(body as object).every((key) => key === 'followers');
}

/**
 * `PUT /copier/accounts/:id/master`: what a leader change does to the followers' positions. `align` brings
 * them to the new leader × ratio at once; `keep` (the default, so no call closes positions unasked) leaves them
 * until the new leader's next trade. The body is read as sent: anything but an object with only `followers`
 * is refused, before the choice itself is read.
 */
export const leaderChangeSchema = yup
  .object({
    followers: yup
      .mixed<'align' | 'keep'>()
      .nonNullable(LEADER_CHANGE_MESSAGE.followers)
      .oneOf(['align', 'keep'], LEADER_CHANGE_MESSAGE.followers)
      .default('keep')
      .meta(
        wire({
          description: 'align or keep. Anything else answers 400; without a body the followers are kept.',
        }),
      ),
  })
  .typeError(LEADER_CHANGE_MESSAGE.body)
  // Casting reads an absent body as empty (so `followers` takes its default); the original is still checked.
  .transform((value: unknown, original: unknown) => (isAbsent(original) ? {} : value))
  .test('only-followers', LEADER_CHANGE_MESSAGE.body, function onlyFollowers() {
    return hasOnlyFollowers(this.originalValue);
  })
  .meta(wire({ bodyAsSent: true }));
