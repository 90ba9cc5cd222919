import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CONNECT_TRIES_PER_ADDRESS, CONNECT_TRIES_PER_USER } from '../../src/routes/brokers/connect-key';
import { startFakeProjectX, type FakeProjectX } from '../../fakes/projectx/server';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { registerUser, type TestUser } from '../support/users';

const SECRET_TEXT = 'db-password=hunter2 internal-admin-panel';

/** An internal service that answers every request with its own status and text (set per test). */
async function talkativeService(): Promise<{
  url: string;
  answer: { status: number; body: string };
  close(): Promise<void>;
}> {
  const answer = { status: 200, body: '' };
  const server: Server = createServer((request, response) => {
    request.resume();
    response.statusCode = answer.status;
    response.setHeader('content-type', answer.body.startsWith('{') ? 'application/json' : 'text/plain');
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    answer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const connectBody = (host: string, apiKey = 'wrong-key') => ({
  connection_name: 'Probe',
  environment: 'demo',
  firm: 'custom',
  custom_host: host,
  custom_hub: `${host}/hubs/user`,
  user_name: 'tara',
  api_key: apiKey,
});

function connect(t: TestApp, user: TestUser, host: string, remoteAddress = '127.0.0.1', apiKey?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/brokers/projectx/connect-key',
    headers: user.headers,
    payload: connectBody(host, apiKey),
    remoteAddress,
  });
}

describe('connecting ProjectX never turns the server into a probe of other services', () => {
  describe('answers', () => {
    let service: Awaited<ReturnType<typeof talkativeService>>;
    let t: TestApp;
    beforeAll(async () => {
      service = await talkativeService();
      t = await buildTestApp({ env: { PROJECTX_PRIVATE_HOSTS: new URL(service.url).host } });
    });
    afterAll(async () => {
      await t.close();
      await service.close();
    });

    it('by default a custom host is refused before any call: only the known firms are connected', async () => {
      const user = await registerUser(t.app);
      const answer = await connect(t, user, 'https://api.myfirm.example');
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({
        detail:
          'Could not connect to ProjectX: This server connects only the listed ProjectX firms: choose your firm from the list',
      });
    });

    it.each([
      [500, SECRET_TEXT],
      [403, SECRET_TEXT],
      [200, `{"success":false,"errorCode":77,"errorMessage":"${SECRET_TEXT}"}`],
      [404, `{"success":false,"errorMessage":"${SECRET_TEXT}"}`],
    ])('an upstream answering %i never has its text or status echoed', async (status, body) => {
      Object.assign(service.answer, { status, body });
      const user = await registerUser(t.app);
      const answer = await connect(t, user, service.url);
      expect([400, 502]).toContain(answer.statusCode);
      const { detail } = answer.json() as { detail: string };
      expect(detail).not.toContain('hunter2');
      expect(detail).not.toContain(String(status));
      expect(detail).not.toContain('77');
      expect([
        'Could not connect to ProjectX: ProjectX refused the user name or API key',
        'Could not connect to ProjectX: ProjectX refused the connection',
        'ProjectX did not answer; please try again',
      ]).toContain(detail);
    });
  });

  describe('connect tries are capped per user and per address, parallel tries included', () => {
    let fake: FakeProjectX;
    let t: TestApp;
    beforeAll(async () => {
      fake = await startFakeProjectX();
      fake.addUser({ userName: 'tara', apiKey: 'right-key' });
      t = await buildTestApp({ env: { PROJECTX_PRIVATE_HOSTS: new URL(fake.restUrl).host } });
    });
    afterAll(async () => {
      await t.close();
      await fake.close();
    });
    const signIns = () => fake.world.calls['Auth/loginKey'] ?? 0;

    it(`60 parallel tries of one user: ${CONNECT_TRIES_PER_USER} reach the gateway, the rest get 429`, async () => {
      const user = await registerUser(t.app);
      const before = signIns();
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, index) => connect(t, user, fake.restUrl, `10.40.0.${index + 1}`)),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 429)).toHaveLength(60 - CONNECT_TRIES_PER_USER);
      expect(statuses.filter((status) => status === 400)).toHaveLength(CONNECT_TRIES_PER_USER);
      expect(signIns() - before).toBe(CONNECT_TRIES_PER_USER);
      expect(answers.find((answer) => answer.statusCode === 429)?.json()).toEqual({
        detail: 'Too many connection attempts; please try again later',
      });
    });

    it(`tries of many users from one address: ${CONNECT_TRIES_PER_ADDRESS} reach the gateway, another address is still served`, async () => {
      const users = await Promise.all(Array.from({ length: 5 }, () => registerUser(t.app)));
      const before = signIns();
      const answers = await Promise.all(
        users.flatMap((user) =>
          Array.from({ length: CONNECT_TRIES_PER_USER - 1 }, () =>
            connect(t, user, fake.restUrl, '10.41.0.1'),
          ),
        ),
      );
      const refused = answers.filter((answer) => answer.statusCode === 429).length;
      expect(refused).toBe(5 * (CONNECT_TRIES_PER_USER - 1) - CONNECT_TRIES_PER_ADDRESS);
      expect(signIns() - before).toBe(CONNECT_TRIES_PER_ADDRESS);
      const other = await connect(t, users[0]!, fake.restUrl, '10.41.0.2', 'right-key');
      expect(other.statusCode).toBe(201);
    });
  });
});
