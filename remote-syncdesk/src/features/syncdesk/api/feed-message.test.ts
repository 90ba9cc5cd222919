import { buildAccount } from '../support/builders';
import { parseFeedMessage } from './feed-message';

describe('parseFeedMessage', () => {
  it('when account_data carries valid accounts, then it is read', () => {
    const accounts = [buildAccount({ id: 1 }), buildAccount({ id: 2 })];
    expect(parseFeedMessage(JSON.stringify({ type: 'account_data', accounts }))).toEqual({
      type: 'account_data',
      accounts,
    });
  });

  it('when the frame is not JSON, then it answers null', () => {
    expect(parseFeedMessage('{not json')).toBeNull();
    expect(parseFeedMessage(new ArrayBuffer(2))).toBeNull();
  });

  it('when the shape is wrong, then it answers null', () => {
    expect(parseFeedMessage('[]')).toBeNull();
    expect(parseFeedMessage('"text"')).toBeNull();
    expect(parseFeedMessage(JSON.stringify({ accounts: [] }))).toBeNull();
    expect(parseFeedMessage(JSON.stringify({ type: 'account_data', accounts: 'all' }))).toBeNull();
    expect(parseFeedMessage(JSON.stringify({ type: 'surprise' }))).toBeNull();
  });

  it('when one account misses a field or has a wrong type, then the whole message is dropped', () => {
    const bad = { ...buildAccount({ id: 2 }), qty: 'two' };
    expect(
      parseFeedMessage(JSON.stringify({ type: 'account_data', accounts: [buildAccount(), bad] })),
    ).toBeNull();
    const { side: _side, ...noSide } = buildAccount();
    expect(parseFeedMessage(JSON.stringify({ type: 'account_data', accounts: [noSide] }))).toBeNull();
  });

  it('when a follower carries a throttle or a pace warning, then a well-formed one is read and a malformed one drops the message', () => {
    const throttle = { queued: 2, next_send_at: null, target_qty: -3, position: 1, limit_per_minute: 80 };
    const waiting = buildAccount({ id: 2, throttle, pace_warning: 'Too fast for this login' });
    expect(parseFeedMessage(JSON.stringify({ type: 'account_data', accounts: [waiting] }))).toEqual({
      type: 'account_data',
      accounts: [waiting],
    });
    for (const bad of [
      { ...waiting, throttle: 'soon' },
      { ...waiting, throttle: { ...throttle, queued: 'two' } },
      { ...waiting, throttle: { ...throttle, next_send_at: 5 } },
      { ...waiting, pace_warning: 12 },
    ])
      expect(parseFeedMessage(JSON.stringify({ type: 'account_data', accounts: [bad] }))).toBeNull();
  });

  it('when the message is a heartbeat, then it is known (and left to others)', () => {
    expect(parseFeedMessage(JSON.stringify({ type: 'heartbeat', time: 'now' }))).toEqual({
      type: 'heartbeat',
      time: 'now',
    });
  });
});
