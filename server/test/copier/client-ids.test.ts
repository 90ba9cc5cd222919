import {
  copyClientId,
  fillEventKey,
  isCopyClientId,
  mirrorEventKey,
  mirroredLeaderOrder,
  syncEventKey,
} from '../../src/copier/engine/client-ids';

/*
 * The rule: a copy's client order id is `st.<event key>.<follower>` for its first part and `….<part>` for the
 * others; the event key says what caused it (`f` a leader fill, `m` a mirrored leader order, `s` a correction);
 * a mirror's id gives its leader order back.
 */

describe('client order ids', () => {
  it('when an event key is made, then it names its cause, its account and its event', () => {
    expect([fillEventKey(1, 'x9'), mirrorEventKey(1, 'L5'), syncEventKey(7, 'k1')]).toEqual([
      'f1-x9',
      'm1-L5',
      's7-k1',
    ]);
  });

  it('when copies are cut into parts, then the first part has no number and the others are numbered', () => {
    expect([copyClientId('f1-x9', 7, 0), copyClientId('f1-x9', 7, 1), copyClientId('f1-x9', 7, 2)]).toEqual([
      'st.f1-x9.7',
      'st.f1-x9.7.1',
      'st.f1-x9.7.2',
    ]);
  });

  it('only ids made by the copier are copies', () => {
    expect([
      isCopyClientId('st.f1-x9.7'),
      isCopyClientId('stx'),
      isCopyClientId('mine.1'),
      isCopyClientId(null),
    ]).toEqual([true, false, false, false]);
  });

  it("when a mirror's id is read back, then it gives its leader order, of that leader only", () => {
    expect(mirroredLeaderOrder('st.m1-L5.7', 1)).toBe('L5');
    expect(mirroredLeaderOrder('st.m1-L5.7.2', 1)).toBe('L5');
    expect(mirroredLeaderOrder('st.m12-L5.7', 1)).toBeNull();
    expect(mirroredLeaderOrder('st.m2-L5.7', 1)).toBeNull();
    expect(mirroredLeaderOrder('st.f1-L5.7', 1)).toBeNull();
    expect(mirroredLeaderOrder('x.st.m1-L5.7', 1)).toBeNull();
    expect(mirroredLeaderOrder(null, 1)).toBeNull();
  });
});
