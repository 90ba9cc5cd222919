import type { Connection, Notification } from '@synctrade/api/types';
import { MAX_CONNECTIONS_PER_USER, insertConnection } from '../../src/connections/connections-repo';
import { MAX_WORKING_PER_ACCOUNT } from '../../src/paper/list-bounds';
import { MAX_ALERT_CHANNELS } from '@synctrade/api/schemas';
import { ALERT_MESSAGES } from '@synctrade/api/messages';
import { loadAlertSettings } from '../../src/alerts/settings';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { connectSim } from '../support/connect-sim';
import { registerUser, type TestUser } from '../support/users';
import { openPaperDesk } from '../copier/support/paper-desk';

/**
 * Lists no user can grow: the product's fixed catalogs, an account's firm-rule warnings (one per kind of rule at
 * most), and a follower's contract filter (the product's contract roots at most).
 */
const FIXED = [
  '/api/v1/brokers',
  '/api/v1/copier/accounts/{id}/copy-settings',
  '/api/v1/market/quotes',
  '/api/v1/propfirm/presets',
  '/api/v1/propfirm/accounts/{id}/rules',
];

interface Operation {
  description?: string;
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}
interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
}

/** True when the answer is a list, or an object with a list among its fields. */
function holdsList(schema: JsonSchema | undefined): boolean {
  if (schema === undefined) return false;
  if (schema.type === 'array') return true;
  return Object.values(schema.properties ?? {}).some((field) => field.type === 'array');
}

describe('every list the API answers is bounded or streamed, and says which', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it("when the API description is read, then every user's list answer states its bound or that it is streamed", async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const lists = Object.entries(document.paths).flatMap(([path, operations]) => {
      const get = operations.get;
      const schema = get?.responses?.['200']?.content?.['application/json']?.schema;
      return get !== undefined && holdsList(schema) && !FIXED.includes(path)
        ? [{ path, description: get.description ?? '' }]
        : [];
    });
    // The lists known today, so a new one cannot slip past this test unseen.
    expect(lists.map((list) => list.path).sort()).toEqual([
      '/api/v1/alerts',
      '/api/v1/brokers/accounts',
      '/api/v1/brokers/accounts/table',
      '/api/v1/brokers/connections',
      '/api/v1/brokers/connections/{id}/account-info',
      '/api/v1/brokers/rithmic/gateways',
      '/api/v1/brokers/rithmic/systems',
      '/api/v1/copier/connections/health',
      '/api/v1/copier/groups',
      '/api/v1/copier/journal/days',
      '/api/v1/copier/order-data/{userId}',
      '/api/v1/copier/orders/working',
      '/api/v1/copier/trade-history/{userId}',
      '/api/v1/notifications',
      '/api/v1/propfirm/events',
      '/api/v1/propfirm/headroom',
      '/api/v1/quality/fills',
      '/api/v1/quality/story/{ref}',
      '/api/v1/quality/summary',
      '/api/v1/sim/accounts/{id}/ledger',
    ]);
    for (const list of lists)
      expect([list.path, list.description]).toEqual([
        list.path,
        expect.stringMatching(/at most \d+|streamed/),
      ]);
  });
});

describe('a user keeps a bounded number of connections', () => {
  let t: TestApp;
  let user: TestUser;
  const paperConnection = (name: string) =>
    insertConnection(t.db, {
      userId: user.id,
      broker: 'sim',
      name,
      environment: 'demo',
      sealedCredentials: t.app.secrets.seal({ accessToken: 'stored' }),
      result: { credentials: { accessToken: 'stored' }, userData: '', accounts: [] },
    });

  beforeAll(async () => {
    t = await buildTestApp();
    user = await registerUser(t.app);
    for (let index = 1; index < MAX_CONNECTIONS_PER_USER; index += 1)
      await paperConnection(`Stored ${index}`);
  });
  afterAll(async () => t.close());

  it('when two connections are stored at once for the last place, then exactly one is', async () => {
    const outcomes = await Promise.allSettled([paperConnection('Last A'), paperConnection('Last B')]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
  });

  it('when one more is connected through the broker, then the user is told why and the list stays at the cap', async () => {
    const list = async () =>
      (
        await t.app.inject({ method: 'GET', url: '/api/v1/brokers/connections', headers: user.headers })
      ).json() as Connection[];
    expect(await list()).toHaveLength(MAX_CONNECTIONS_PER_USER);
    await expect(connectSim(t.app, user, 'One too many')).rejects.toThrow(
      'connection not created: /connections?status=error&code=refused',
    );
    expect(await list()).toHaveLength(MAX_CONNECTIONS_PER_USER);
    const notifications = (
      await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: user.headers })
    ).json() as { notifications: Notification[] };
    expect(notifications.notifications[0]?.message).toBe(
      `One too many: You can keep at most ${MAX_CONNECTIONS_PER_USER} connections: delete one before adding another`,
    );
  });
});

describe('a paper account keeps a bounded number of working orders', () => {
  it(`when a limit order would be the ${MAX_WORKING_PER_ACCOUNT + 1}st working one, then 409 and the list stays at the cap`, async () => {
    const { t, user, rows } = await openPaperDesk('Working cap');
    try {
      const account = rows[0]?.id;
      const ticket = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/sim/orders',
          headers: user.headers,
          payload: {
            account_id: account,
            contract: 'ES',
            side: 'buy',
            qty: 1,
            order_type: 'Limit',
            price: 1,
          },
        });
      for (let index = 0; index < MAX_WORKING_PER_ACCOUNT; index += 1)
        expect((await ticket()).statusCode).toBe(200);
      const refused = await ticket();
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        detail: `A paper account can keep at most ${MAX_WORKING_PER_ACCOUNT} working orders: cancel some first`,
      });
      const working = await t.app.inject({
        method: 'GET',
        url: '/api/v1/copier/orders/working',
        headers: user.headers,
      });
      expect((working.json() as unknown[]).length).toBe(MAX_WORKING_PER_ACCOUNT);
    } finally {
      await t.close();
    }
  }, 120_000);
});

describe('a trader keeps a bounded number of alert channels', () => {
  it(`when a ${MAX_ALERT_CHANNELS + 1}st channel is connected, then 409 and the list stays at the cap`, async () => {
    const alerts = { ...loadAlertSettings({ DISCORD_WEBHOOK_TEST_HOSTS: '127.0.0.1:9' }) };
    const t = await buildTestApp({ config: { alerts } });
    try {
      const user = await registerUser(t.app);
      const connect = (n: number) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/alerts/discord',
          headers: user.headers,
          payload: { webhook_url: `https://discord.com/api/webhooks/${n}/token` },
        });
      for (let n = 1; n <= MAX_ALERT_CHANNELS; n += 1) expect((await connect(n)).statusCode).toBe(200);
      const refused = await connect(MAX_ALERT_CHANNELS + 1);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ detail: ALERT_MESSAGES.tooManyChannels });
      const setup = await t.app.inject({ method: 'GET', url: '/api/v1/alerts', headers: user.headers });
      expect((setup.json() as { channels: unknown[] }).channels).toHaveLength(MAX_ALERT_CHANNELS);
    } finally {
      await t.close();
    }
  });
});
