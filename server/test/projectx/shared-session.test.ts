import { fakeHosts } from './support/fake-hosts';
import { createProjectXAdapter } from '../../src/brokers/projectx/index';
import type { BrokerAdapter, BrokerEvent, BrokerSession, PlaceOrderCommand } from '../../src/brokers/types';
import { startFakeProjectX, type FakeProjectX } from '../../fakes/projectx/server';
import { ES, ES_ID, filledQty, testTimings, until } from './support/px-world';

const buy = (clientOrderId: string): PlaceOrderCommand => ({
  accountExternalId: '465',
  clientOrderId,
  symbol: ES,
  side: 'buy',
  qty: 1,
  type: 'Market',
});

interface Connection {
  session: BrokerSession;
  events: BrokerEvent[];
  renewed: number;
}

/**
 * ProjectX holds one session per user: two connections of the same login (connected twice, or one account
 * linked from two connections) must share it, or each sign-in would end the other's session in turn.
 */
describe('two connections of the same ProjectX user share one session', () => {
  let fake: FakeProjectX;
  let adapter: BrokerAdapter;
  beforeEach(async () => {
    fake = await startFakeProjectX({ pingMs: 100 });
    fake.addUser({ userName: 'alice', apiKey: 'key-a' });
    fake.addAccount({ id: 465, userName: 'alice', maxContracts: 10 });
    fake.setPrice(ES_ID, 6000);
    adapter = createProjectXAdapter({ timings: testTimings, hosts: fakeHosts(fake) });
  });
  afterEach(() => fake.close());

  const connectAlice = () =>
    adapter.connectWithApiKey!({
      userName: 'alice',
      apiKey: 'key-a',
      environment: 'demo',
      restUrl: fake.restUrl,
      hubUrl: fake.hubUrl,
    });

  async function open(connectionId: number): Promise<Connection> {
    const connected = await connectAlice();
    const connection = { events: [] as BrokerEvent[], renewed: 0 } as Connection;
    connection.session = await adapter.openSession({
      connectionId,
      environment: 'demo',
      credentials: connected.credentials,
      onCredentialsRenewed: () => (connection.renewed += 1),
    });
    connection.session.subscribe((event) => connection.events.push(event));
    return connection;
  }

  it('signs in once, holds one hub socket, and gives both connections every event', async () => {
    const first = await open(1);
    // Connecting the same login again while its session runs must not end that session.
    const second = await open(2);
    expect(fake.sessions.logins).toBe(1);
    expect(fake.hub.connections).toBe(1);
    expect(fake.hub.liveConnections()).toBe(1);

    const order = await second.session.placeOrder(buy('st.shared'));
    await until(() => filledQty(first.events, order.orderId) === 1, 'fill seen by the first connection');
    await until(() => filledQty(second.events, order.orderId) === 1, 'fill seen by the second connection');
    expect(await first.session.positions()).toEqual([
      { accountExternalId: '465', symbol: ES, netPos: 1, avgPrice: 6000 },
    ]);
    expect(fake.sessions.logins).toBe(1);

    await first.session.close();
    await second.session.close();
    await until(() => fake.hub.liveConnections() === 0, 'hub closed with the last connection');
  });

  it('recovers once for both when another login ends the session, and hands the new token to both', async () => {
    const first = await open(1);
    const second = await open(2);
    fake.sessions.issue('alice');
    await first.session.placeOrder(buy('st.relog'));
    // One sign-in for the shared session, not one per connection ending the other's in turn.
    expect(fake.sessions.logins).toBe(3);
    expect(first.renewed).toBeGreaterThan(0);
    expect(second.renewed).toBe(first.renewed);
    expect(second.session.currentCredentials().accessToken).toBe(
      first.session.currentCredentials().accessToken,
    );
    await until(() => fake.hub.liveConnections() === 1, 'hub back');
    await until(() => fake.venue.netOf(465, ES_ID) === 1, 'filled');
    const next = await second.session.placeOrder(buy('st.relog2'));
    await until(() => filledQty(first.events, next.orderId) === 1, 'pushes with the new token');
    expect(fake.sessions.logins).toBe(3);
    expect(fake.hub.liveConnections()).toBe(1);
    await first.session.close();
    await second.session.close();
  });

  it('keeps the session for the connection that stays, and opens a new one after the last closed', async () => {
    const first = await open(1);
    const second = await open(2);
    await first.session.close();
    expect(fake.hub.liveConnections()).toBe(1);
    const order = await second.session.placeOrder(buy('st.stay'));
    await until(() => filledQty(second.events, order.orderId) === 1, 'the remaining connection still hears');
    expect(filledQty(first.events, order.orderId)).toBe(0);
    await second.session.close();
    await until(() => fake.hub.liveConnections() === 0, 'hub closed');

    const third = await open(3);
    await until(() => fake.hub.liveConnections() === 1, 'a new session');
    const again = await third.session.placeOrder(buy('st.new'));
    await until(() => filledQty(third.events, again.orderId) === 1, 'the new session hears');
    await third.session.close();
  });
});
