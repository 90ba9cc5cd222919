import { fakeHosts } from './fake-hosts';
import { createProjectXAdapter, type ProjectXTimings } from '../../../src/brokers/projectx/index';
import type { BrokerAdapter, BrokerEvent, BrokerSession } from '../../../src/brokers/types';
import { startFakeProjectX, type FakeProjectX } from '../../../fakes/projectx/server';

/** Short timings so reconnects and renewals happen within a test. */
export const testTimings = {
  requestTimeoutMs: 3_000,
  reconnectDelaysMs: [0, 50, 100, 200],
  hubKeepAliveMs: 200,
  hubServerTimeoutMs: 2_000,
  bracketRetryMs: 50,
};

export const yy = String(new Date().getUTCFullYear() % 100).padStart(2, '0');
/** Our December symbol of this year and the fake's id for it. */
export const ES = `ESZ${new Date().getUTCFullYear() % 10}`;
export const ES_ID = `CON.F.US.EP.Z${yy}`;

export interface PxWorld {
  fake: FakeProjectX;
  adapter: BrokerAdapter;
  session: BrokerSession;
  events: BrokerEvent[];
  renewed: number;
  close(): Promise<void>;
}

/** A fake gateway with user `alice` (accounts 465 and 466) and an open session on it. */
export async function pxWorld(timings: Partial<ProjectXTimings> = {}): Promise<PxWorld> {
  const fake = await startFakeProjectX({ pingMs: 100 });
  fake.addUser({ userName: 'alice', apiKey: 'key-a' });
  fake.addAccount({ id: 465, userName: 'alice', maxContracts: 10 });
  fake.addAccount({ id: 466, userName: 'alice', maxContracts: 10 });
  fake.setPrice(ES_ID, 6000);
  const adapter = createProjectXAdapter({
    timings: { ...testTimings, ...timings },
    hosts: fakeHosts(fake),
  });
  const connected = await adapter.connectWithApiKey!({
    userName: 'alice',
    apiKey: 'key-a',
    environment: 'demo',
    restUrl: fake.restUrl,
    hubUrl: fake.hubUrl,
  });
  const world = { fake, adapter, events: [] as BrokerEvent[], renewed: 0 } as PxWorld;
  world.session = await adapter.openSession({
    connectionId: 1,
    environment: 'demo',
    credentials: connected.credentials,
    onCredentialsRenewed: () => (world.renewed += 1),
  });
  world.session.subscribe((event) => world.events.push(event));
  world.close = async () => {
    await world.session.close();
    await fake.close();
  };
  return world;
}

/** Waits for a condition on real socket traffic, never for a fixed time. */
export async function until(condition: () => boolean | Promise<boolean>, what = 'condition'): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export function filledQty(events: BrokerEvent[], orderId: string): number {
  return events.reduce((sum, e) => sum + (e.kind === 'fill' && e.orderId === orderId ? e.qty : 0), 0);
}
