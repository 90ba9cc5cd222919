import { ProjectXState } from '../../src/brokers/projectx/state';

/** An order row as the hub pushes it (status 1 working, 5 rejected). */
const row = (id: number, accountId: number, customTag: string, status = 1) => ({
  id,
  accountId,
  contractId: 'CON.F.US.EP.Z26',
  status,
  type: 2,
  side: 0,
  size: 1,
  customTag,
  creationTimestamp: '2026-11-27T15:00:00+00:00',
});

const found = (state: ProjectXState, account: string, clientOrderId: string) =>
  state.ordersForClientId(account, clientOrderId).map(({ order, tag }) => `${order.orderId}:${tag}`);

describe('the ProjectX state finding the orders of a client order id', () => {
  it("when attempts of several intents on two accounts are known, then each answer holds exactly that intent's orders on that account, oldest id first", () => {
    const state = new ProjectXState();
    state.applyOrder(row(30, 7, 'st.c1~2'));
    state.applyOrder(row(10, 7, 'st.c1', 5));
    state.applyOrder(row(20, 8, 'st.c1'));
    state.applyOrder(row(40, 7, 'st.c2'));
    state.applyOrder(row(50, 7, 'st.c12'));
    for (let id = 100; id < 2_100; id += 1) state.applyOrder(row(id, 7, `st.x${id}`));

    expect(found(state, '7', 'st.c1')).toEqual(['10:st.c1', '30:st.c1~2']);
    expect(found(state, '8', 'st.c1')).toEqual(['20:st.c1']);
    expect(found(state, '7', 'st.c2')).toEqual(['40:st.c2']);
    expect(found(state, '7', 'st.c12')).toEqual(['50:st.c12']);
    expect(found(state, '7', 'st.c3')).toEqual([]);
    expect(found(state, '7', 'st.x2099')).toEqual(['2099:st.x2099']);
  });

  it('when a tag is learned after the order (the placement answer, the history), then the order is found under it, and only under its latest tag', () => {
    const state = new ProjectXState();
    state.applyOrder({ ...row(60, 7, 'st.c5'), customTag: undefined });
    expect(found(state, '7', 'st.c5')).toEqual([]);

    state.rememberTag('60', 'st.c5');
    expect(found(state, '7', 'st.c5')).toEqual(['60:st.c5']);
    expect(state.order('60')?.clientOrderId).toBe('st.c5');

    state.rememberTag('60', 'st.c6~2');
    expect(found(state, '7', 'st.c5')).toEqual([]);
    expect(found(state, '7', 'st.c6')).toEqual(['60:st.c6~2']);

    // The same client order id again under another attempt's tag: still found once.
    state.applyOrder(row(60, 7, 'st.c6~3'));
    expect(found(state, '7', 'st.c6')).toEqual(['60:st.c6~3']);
  });
});
