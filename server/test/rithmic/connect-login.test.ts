import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { RITHMIC_TEXT, RITHMIC_VALIDATION } from '@synctrade/api/messages';
import { checkAnswer } from '@synctrade/api/schemas/check';
import type {
  ApiKeyConnectResponse,
  Broker,
  BrokerGateway,
  Connection,
  ConnectionDetails,
  GatewaySystemsResponse,
} from '@synctrade/api/types';
import { buildApp } from '../../src/app';
import { LOGIN_MESSAGES } from '../../src/brokers/rithmic/login';
import { loadConfig } from '../../src/config/config';
import type { Db } from '../../src/db/db';
import { SYSTEMS_TRIES_PER_USER } from '../../src/routes/brokers/connect-login';
import { startFakeRithmic, type FakeRithmic } from '../../fakes/rithmic/server';
import { createTestDb } from '../support/test-db';
import { registerUser, type TestUser } from '../support/users';

const PASSWORD = 'rithmic-S3cret-pass';
const API = '/api/v1/brokers/rithmic';

/**
 * The server with the real broker registry, its Rithmic gateways pointing at the fake (plus one that answers
 * nothing), logging everything at trace level into `lines`, so no log line may carry the password.
 */
async function serverOnFake(fake: FakeRithmic): Promise<{
  app: FastifyInstance;
  lines: string[];
  close(): Promise<void>;
}> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'synctrade-rithmic-'));
  const db: Db = await createTestDb();
  const lines: string[] = [];
  const app = await buildApp({
    config: {
      ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://synctrade.test' }),
      jwtSecret: randomBytes(32).toString('base64url'),
      secretsKey: randomBytes(32).toString('base64'),
      authRateLimitPerMinute: 10_000,
    },
    db,
    env: {
      // Port 9 (discard) on loopback: nothing listens, so that gateway never answers.
      RITHMIC_GATEWAYS: `Rithmic Test=${fake.url}|demo; Rithmic Chicago=${fake.url}|live; Closed=ws://127.0.0.1:9|demo`,
      RITHMIC_APP_NAME: 'test:SyncTrade',
    },
    logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } },
    serveWeb: false,
    checkAnswer,
  });
  await app.ready();
  return {
    app,
    lines,
    async close() {
      await app.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe('connecting Rithmic with a user name and password, against the fake gateway', () => {
  let fake: FakeRithmic;
  let server: Awaited<ReturnType<typeof serverOnFake>>;
  let app: FastifyInstance;
  beforeAll(async () => {
    fake = await startFakeRithmic({ limits: 'off' });
    fake.addUser({ user: 'tara', password: PASSWORD, maxSessions: 5 });
    fake.addUser({ user: 'unsigned', password: PASSWORD, agreementsSigned: false });
    fake.addUser({ user: 'apex-only', password: PASSWORD, systems: ['Apex'] });
    fake.addAccount({ user: 'tara', accountId: 'RITH-0001', name: 'Paper one', balance: 50_000 });
    fake.addAccount({ user: 'tara', accountId: 'RITH-0002', name: 'Paper two', balance: 25_000 });
    server = await serverOnFake(fake);
    app = server.app;
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  const body = (overrides: Record<string, unknown> = {}) => ({
    connection_name: '  Rithmic paper  ',
    environment: 'demo',
    gateway: 'Rithmic Test',
    system_name: 'Rithmic Paper Trading',
    user_name: ' tara ',
    password: PASSWORD,
    ...overrides,
  });
  const connect = (user: TestUser, overrides: Record<string, unknown> = {}) =>
    app.inject({
      method: 'POST',
      url: `${API}/connect-login`,
      headers: user.headers,
      payload: body(overrides),
    });
  const connections = async (user: TestUser) =>
    (
      await app.inject({ method: 'GET', url: '/api/v1/brokers/connections', headers: user.headers })
    ).json() as Connection[];

  it('lists Rithmic as connectable, and its gateways by name and environment, never by address', async () => {
    const user = await registerUser(app);
    const brokers = (
      await app.inject({ method: 'GET', url: '/api/v1/brokers', headers: user.headers })
    ).json() as Broker[];
    expect(brokers.find((broker) => broker.id === 'rithmic')).toEqual({
      id: 'rithmic',
      name: 'Rithmic',
      connectable: true,
    });
    const answer = await app.inject({ method: 'GET', url: `${API}/gateways`, headers: user.headers });
    expect(answer.statusCode).toBe(200);
    expect(answer.json() as BrokerGateway[]).toEqual([
      { name: 'Rithmic Test', environment: 'demo' },
      { name: 'Rithmic Chicago', environment: 'live' },
      { name: 'Closed', environment: 'demo' },
    ]);
    expect(answer.body).not.toMatch(/ws:|127\.0\.0\.1/);
  });

  it("answers the systems the gateway's system info lists", async () => {
    const user = await registerUser(app);
    const answer = await app.inject({
      method: 'GET',
      url: `${API}/systems?gateway=${encodeURIComponent('Rithmic Test')}`,
      headers: user.headers,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json() as GatewaySystemsResponse).toEqual({
      gateway: 'Rithmic Test',
      systems: ['Rithmic Test', 'Rithmic Paper Trading', 'Rithmic 01', 'Apex'],
    });
  });

  it.each([
    ['', RITHMIC_VALIDATION.gatewayRequired],
    ['Elsewhere', RITHMIC_TEXT.unknownGateway],
  ])('refuses the systems of gateway %j with a clear message', async (gateway, detail) => {
    const user = await registerUser(app);
    const answer = await app.inject({
      method: 'GET',
      url: `${API}/systems?gateway=${encodeURIComponent(gateway)}`,
      headers: user.headers,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ detail });
  });

  it('answers a fixed text when the gateway does not answer the system info', async () => {
    const user = await registerUser(app);
    const answer = await app.inject({
      method: 'GET',
      url: `${API}/systems?gateway=Closed`,
      headers: user.headers,
    });
    expect(answer.statusCode).toBe(502);
    expect(answer.json()).toEqual({ detail: RITHMIC_TEXT.unreachable });
  });

  it('counts system list tries per user and refuses with 429 beyond the limit', async () => {
    const user = await registerUser(app);
    const ask = () =>
      app.inject({
        method: 'GET',
        url: `${API}/systems?gateway=Closed`,
        headers: user.headers,
        remoteAddress: '10.9.9.9',
      });
    for (let i = 0; i < SYSTEMS_TRIES_PER_USER; i += 1) expect((await ask()).statusCode).toBe(502);
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: RITHMIC_TEXT.tooManyTries });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('signs in at Rithmic, stores the connection with its accounts, seals the password and never shows or logs it', async () => {
    const user = await registerUser(app);
    const answer = await connect(user);
    expect(answer.statusCode).toBe(201);
    const { connection_id, message } = answer.json() as ApiKeyConnectResponse;
    expect(message).toBe('Connection Rithmic paper added successfully');
    expect(await connections(user)).toEqual([
      expect.objectContaining({
        id: connection_id,
        connection_name: 'Rithmic paper',
        broker_name: 'rithmic',
        account_count: 2,
        environment: 'demo',
      }),
    ]);
    const details = await app.inject({
      method: 'GET',
      url: `/api/v1/brokers/connections/${connection_id}/account-info`,
      headers: user.headers,
    });
    expect(details.body).not.toContain(PASSWORD);
    const info = details.json() as ConnectionDetails;
    expect(info.connection.user_data).toBe('tara');
    expect(info.accounts.map((account) => account.account_name).sort()).toEqual(['Paper one', 'Paper two']);
    const [row] = await app.db.query<{ credentials: string }>(
      'SELECT credentials FROM connections WHERE id = $1',
      [connection_id],
    );
    expect(row!.credentials).not.toContain(PASSWORD);
    expect(app.secrets.open<Record<string, unknown>>(row!.credentials)).toMatchObject({
      password: PASSWORD,
      systemName: 'Rithmic Paper Trading',
      gateway: 'Rithmic Test',
      brokerUserId: 'tara',
    });
    // The log is written (a line per request at trace level), and none of it holds the password.
    expect(server.lines.length).toBeGreaterThan(0);
    expect(server.lines.join('\n')).not.toContain(PASSWORD);
  });

  it.each([
    [{ password: 'wrong-password' }, LOGIN_MESSAGES.credentials],
    [{ user_name: 'nobody' }, LOGIN_MESSAGES.credentials],
    [{ user_name: 'unsigned' }, LOGIN_MESSAGES.agreements],
    [{ user_name: 'apex-only' }, LOGIN_MESSAGES.system],
    [{ system_name: 'Nowhere' }, LOGIN_MESSAGES.system],
    [{ gateway: 'Elsewhere' }, RITHMIC_TEXT.unknownGateway],
    [{ gateway: 'Rithmic Chicago' }, RITHMIC_TEXT.environmentMismatch('Rithmic Chicago', 'live')],
    [{ connection_name: '   ' }, 'Connection name is required'],
    [{ gateway: ' ' }, RITHMIC_VALIDATION.gatewayRequired],
    [{ system_name: '' }, RITHMIC_VALIDATION.systemRequired],
    [{ user_name: '' }, RITHMIC_VALIDATION.userNameRequired],
    [{ password: '' }, RITHMIC_VALIDATION.passwordRequired],
    [{ password: 'p'.repeat(201) }, RITHMIC_VALIDATION.passwordMax],
    [{ environment: 'paper' }, 'Environment must be demo or live'],
  ])('refuses %j with a clear message, stores nothing and logs no password', async (overrides, detail) => {
    const user = await registerUser(app);
    const answer = await connect(user, overrides);
    expect(answer.statusCode).toBe(400);
    expect((answer.json() as { detail: string }).detail).toBe(detail);
    expect(answer.body).not.toContain(PASSWORD);
    expect(await connections(user)).toEqual([]);
    expect(server.lines.join('\n')).not.toMatch(/rithmic-S3cret-pass|wrong-password/);
  });

  it("answers a fixed text, not the gateway's words, when the gateway does not answer the sign-in", async () => {
    const user = await registerUser(app);
    const answer = await connect(user, { gateway: 'Closed' });
    expect(answer.statusCode).toBe(502);
    expect(answer.json()).toEqual({ detail: RITHMIC_TEXT.unreachable });
    expect(await connections(user)).toEqual([]);
  });
});
