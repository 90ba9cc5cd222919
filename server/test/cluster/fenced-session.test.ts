import { BrokerError, type BrokerSession, type PlaceOrderCommand } from '../../src/brokers/types';
import { FencedSession } from '../../src/cluster/fencing';

/** A session that records what reached it. */
function recordingSession(): { session: BrokerSession; sent: string[] } {
  const sent: string[] = [];
  const session = {
    placeOrder: async (command: PlaceOrderCommand) => {
      sent.push(`place ${command.clientOrderId}`);
      return { orderId: '1' };
    },
    modifyOrder: async () => void sent.push('modify'),
    cancelOrder: async () => void sent.push('cancel'),
    flatten: async () => void sent.push('flatten'),
    positions: async () => [],
    close: async () => void sent.push('close'),
  } as unknown as BrokerSession;
  return { session, sent };
}

const command: PlaceOrderCommand = {
  accountExternalId: 'A1',
  clientOrderId: 'st.e1.2',
  symbol: 'ESZ6',
  side: 'buy',
  qty: 1,
  type: 'Market',
};

test('a node that no longer vouches for its lease sends nothing; reads and closing still work', async () => {
  const { session, sent } = recordingSession();
  let owns = true;
  let closed = 0;
  const fenced = new FencedSession(
    session,
    () => owns,
    async () => {
      closed += 1;
    },
  );
  await fenced.placeOrder(command);
  owns = false; // paused past the margin, or the renewal did not come back
  await expect(fenced.placeOrder({ ...command, clientOrderId: 'st.e2.2' })).rejects.toBeInstanceOf(
    BrokerError,
  );
  await expect(fenced.modifyOrder({ ...command, orderId: '1' } as never)).rejects.toThrow(/no longer owns/);
  await expect(fenced.cancelOrder('A1', '1')).rejects.toThrow(/no longer owns/);
  await expect(fenced.flatten('A1')).rejects.toThrow(/no longer owns/);
  expect(await fenced.positions()).toEqual([]);
  await fenced.close();
  expect(sent).toEqual(['place st.e1.2', 'close']);
  expect(closed).toBe(1);
});
