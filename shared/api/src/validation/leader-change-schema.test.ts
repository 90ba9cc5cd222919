import { LEADER_CHANGE_MESSAGE } from '../messages/desk-confirm-messages';
import { leaderChangeSchema } from './leader-change-schema';

function outcome(body: unknown): unknown {
  try {
    return leaderChangeSchema.validateSync(body, { abortEarly: true });
  } catch (error: unknown) {
    return (error as Error).message;
  }
}

describe('the leader change body, read as sent', () => {
  it.each([undefined, null, '', {}])('when the body is %j, then the followers are kept', (body) => {
    expect(outcome(body)).toEqual({ followers: 'keep' });
  });

  it('when the body asks to align, then the followers are aligned', () => {
    expect(outcome({ followers: 'align' })).toEqual({ followers: 'align' });
  });

  it.each(['x', 0, false, [], [1], { other: true }, { followers: 'close', other: true }])(
    'when the body is %j, then it is refused as a whole before its choice is read',
    (body) => {
      expect(outcome(body)).toBe(LEADER_CHANGE_MESSAGE.body);
    },
  );

  it.each([{ followers: 'close' }, { followers: 1 }, { followers: null }])(
    'when the choice is %j, then it is refused by name',
    (body) => {
      expect(outcome(body)).toBe(LEADER_CHANGE_MESSAGE.followers);
    },
  );
});
