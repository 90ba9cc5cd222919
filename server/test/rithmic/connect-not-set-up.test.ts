import { RITHMIC_TEXT } from '@synctrade/api/messages';
import type { Broker } from '@synctrade/api/types';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { registerUser, type TestUser } from '../support/users';

describe('Rithmic on a server whose operator configured no gateway', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    // No RITHMIC_GATEWAYS: the real registry still has the Rithmic adapter, with nothing to connect to.
    t = await buildTestApp({ env: {} });
    user = await registerUser(t.app);
  });
  afterAll(() => t.close());

  it('is listed as not set up, while a broker without an adapter stays coming soon', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/v1/brokers', headers: user.headers });
    const brokers = answer.json() as Broker[];
    expect(brokers.find((broker) => broker.id === 'rithmic')).toEqual({
      id: 'rithmic',
      name: 'Rithmic',
      connectable: false,
      needs_setup: true,
    });
    expect(brokers.find((broker) => broker.id === 'dxfeed')).toEqual({
      id: 'dxfeed',
      name: 'dxFeed',
      connectable: false,
    });
    expect(brokers.find((broker) => broker.id === 'projectx')).toEqual({
      id: 'projectx',
      name: 'ProjectX',
      connectable: true,
    });
  });

  it('has no gateways, and refuses systems and a sign-in on any gateway name', async () => {
    const gateways = await t.app.inject({
      method: 'GET',
      url: '/api/v1/brokers/rithmic/gateways',
      headers: user.headers,
    });
    expect(gateways.statusCode).toBe(200);
    expect(gateways.json()).toEqual([]);
    const systems = await t.app.inject({
      method: 'GET',
      url: '/api/v1/brokers/rithmic/systems?gateway=Rithmic%20Test',
      headers: user.headers,
    });
    expect(systems.statusCode).toBe(400);
    expect(systems.json()).toEqual({ detail: RITHMIC_TEXT.unknownGateway });
    const connect = await t.app.inject({
      method: 'POST',
      url: '/api/v1/brokers/rithmic/connect-login',
      headers: user.headers,
      payload: {
        connection_name: 'Rithmic',
        gateway: 'Rithmic Test',
        system_name: 'Rithmic Test',
        user_name: 'tara',
        password: 'secret',
      },
    });
    expect(connect.statusCode).toBe(400);
    expect(connect.json()).toEqual({ detail: RITHMIC_TEXT.unknownGateway });
  });
});
