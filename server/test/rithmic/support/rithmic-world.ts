import { CopyEngine } from '../../../src/copier/engine/engine';
import { MemoryCopyStore } from '../../../src/copier/engine/memory-store';
import { MemoryDirectory } from '../../../src/copier/engine/memory-directory';
import { DEFAULT_RISK } from '../../../src/copier/engine/types';
import { type FakeRithmic, type FakeRithmicOptions, startFakeRithmic } from '../../../fakes/rithmic/server';
import { createRithmicAdapter, type RithmicTimings } from '../../../src/brokers/rithmic/index';
import type { BrokerAdapter, BrokerEvent, BrokerSession } from '../../../src/brokers/types';

export const USER = 'trader';
export const PASSWORD = 'rithmic-pass-s3cret';
export const ACCOUNT = 'FAKE-0001';
export const SYSTEM = 'Rithmic Paper Trading';
export const GATEWAY = 'Rithmic Test';

/** Short enough for tests, long enough for two shared cores. */
export const TEST_TIMINGS: Partial<RithmicTimings> = {
  requestTimeoutMs: 1_500,
  connectTimeoutMs: 3_000,
  reconnectDelaysMs: [0, 100, 300],
  forcedLogoutRetries: 1,
  forcedLogoutRetryMs: 300,
};

export interface RithmicWorld {
  fake: FakeRithmic;
  adapter: BrokerAdapter;
  /** Every warning the adapter wrote (to check that no password ever shows). */
  warnings: string[];
  open(): Promise<{ session: BrokerSession; events: BrokerEvent[] }>;
  close(): Promise<void>;
}

export async function rithmicWorld(
  options: {
    fake?: FakeRithmicOptions;
    timings?: Partial<RithmicTimings>;
    user?: Record<string, unknown>;
  } = {},
): Promise<RithmicWorld> {
  const fake = await startFakeRithmic({ limits: 'off', ...options.fake });
  fake.addUser({ user: USER, password: PASSWORD, ...options.user });
  fake.addAccount({ user: USER, accountId: ACCOUNT, name: 'Fake one', balance: 50_000 });
  fake.setPrice('ESZ6', 'CME', 6000);
  fake.setPrice('MESZ6', 'CME', 6000);
  const warnings: string[] = [];
  const adapter = createRithmicAdapter({
    settings: {
      gateways: [{ name: GATEWAY, environment: 'demo', url: fake.url }],
      appName: 'test:SyncTrade',
      appVersion: '1.0',
    },
    timings: { ...TEST_TIMINGS, ...options.timings },
    warn: (message) => warnings.push(message),
  });
  const sessions: BrokerSession[] = [];
  return {
    fake,
    adapter,
    warnings,
    async open() {
      const events: BrokerEvent[] = [];
      const session = await adapter.openSession({
        connectionId: 1,
        environment: 'demo',
        credentials: {
          accessToken: '',
          brokerUserId: USER,
          password: PASSWORD,
          systemName: SYSTEM,
          gateway: GATEWAY,
        },
      });
      session.subscribe((event) => events.push(event));
      sessions.push(session);
      return { session, events };
    },
    async close() {
      for (const session of sessions) await session.close();
      await fake.close();
    },
  };
}

export async function until(check: () => boolean, what: string, timeoutMs = 6_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`Timed out waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export function fillsOf(events: BrokerEvent[], orderId?: string): Extract<BrokerEvent, { kind: 'fill' }>[] {
  return events.filter(
    (event): event is Extract<BrokerEvent, { kind: 'fill' }> =>
      event.kind === 'fill' && (orderId === undefined || event.orderId === orderId),
  );
}

export function filledQty(events: BrokerEvent[], orderId: string): number {
  return fillsOf(events, orderId).reduce((sum, fill) => sum + fill.qty, 0);
}

export function lastOrder(events: BrokerEvent[], orderId: string) {
  const orders = events.filter(
    (event): event is Extract<BrokerEvent, { kind: 'order' }> =>
      event.kind === 'order' && event.order.orderId === orderId,
  );
  return orders[orders.length - 1]?.order;
}

/**
 * The copy engine on the world's Rithmic login (memory stores): the login's first account leads, `follower` (another
 * account of the same login) follows at `ratio`. Resolves once the engine's session is open; the caller stops it.
 */
export async function engineOnLogin(
  world: RithmicWorld,
  follower: string,
  ratio: number,
): Promise<CopyEngine> {
  const directory = new MemoryDirectory(world.adapter);
  directory.addConnection(1, {
    accessToken: '',
    brokerUserId: USER,
    password: PASSWORD,
    systemName: SYSTEM,
    gateway: GATEWAY,
  });
  const base = {
    userId: 1,
    connectionId: 1,
    cross: false,
    autoSync: true,
    enabled: true,
    risk: { ...DEFAULT_RISK },
  };
  directory.accounts.push(
    { ...base, id: 1, externalId: ACCOUNT, name: 'LEADER', ratio: 1, isLeader: true, isFollower: false },
    { ...base, id: 2, externalId: follower, name: 'FOLLOWER', ratio, isLeader: false, isFollower: true },
  );
  const engine = new CopyEngine({
    directory,
    store: new MemoryCopyStore(),
    notifier: { notify: () => undefined },
    settings: { mirrorSettleMs: 100, sendRetries: 2, sessionRetryMs: 300 },
  });
  await engine.start();
  await until(() => engine.sessions.size === 1, 'the session');
  return engine;
}
