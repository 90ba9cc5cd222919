import type { Broker } from '@synctrade/api/types';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { registerUser, type TestUser } from '../support/users';

const ROUTES = [
  { route: 'gateways', method: 'GET', url: (broker: string) => `/api/v1/brokers/${broker}/gateways` },
  {
    route: 'systems',
    method: 'GET',
    url: (broker: string) => `/api/v1/brokers/${broker}/systems?gateway=Rithmic%20Test`,
  },
  {
    route: 'connect-login',
    method: 'POST',
    url: (broker: string) => `/api/v1/brokers/${broker}/connect-login`,
  },
] as const;

const body = {
  connection_name: 'Apex',
  environment: 'demo',
  gateway: 'Rithmic Test',
  system_name: 'Rithmic Test',
  user_name: 'tara',
  password: 'rithmic-pass',
};

describe('the password sign-in routes, whatever the broker', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await buildTestApp();
    user = await registerUser(t.app);
  });
  afterAll(() => t.close());

  it('lists Rithmic among the brokers', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/v1/brokers', headers: user.headers });
    const rithmic = (answer.json() as Broker[]).find((broker) => broker.id === 'rithmic');
    expect(rithmic).toMatchObject({ id: 'rithmic', name: 'Rithmic' });
  });

  it.each(ROUTES)('$method $route answers 401 without a session', async ({ method, url }) => {
    const answer = await t.app.inject({
      method,
      url: url('rithmic'),
      payload: method === 'POST' ? body : undefined,
    });
    expect(answer.statusCode).toBe(401);
  });

  it.each(ROUTES)(
    '$method $route answers 404 for a broker nobody knows, whatever the input',
    async ({ method, url }) => {
      const answer = await t.app.inject({
        method,
        url: url('nobroker'),
        headers: user.headers,
        // Typed right for the JSON Schema, wrong for the payload's rules: the broker is checked first.
        payload: method === 'POST' ? { ...body, password: '', gateway: '' } : undefined,
      });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ detail: 'Broker not found' });
    },
  );

  it.each(ROUTES)(
    '$method $route refuses a broker that does not sign in with a password',
    async ({ method, url }) => {
      const answer = await t.app.inject({
        method,
        url: url('projectx'),
        headers: user.headers,
        payload: method === 'POST' ? body : undefined,
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ detail: 'ProjectX does not sign in with a user name and password' });
    },
  );
});
