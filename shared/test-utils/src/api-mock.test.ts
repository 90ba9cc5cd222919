import {
  http,
  listConnections,
  listNotifications,
  setConnectionEnabled,
  type Connection,
} from '@synctrade/api';
import { mockApi, type ApiMock } from './api-mock';

let api: ApiMock;
afterEach(() => api.restore());

const connection: Connection = {
  id: 1,
  connection_name: 'Paper',
  enabled: true,
  broker_name: 'sim',
  account_count: 2,
  environment: 'demo',
  status: 'connected',
};

/** Runs a call whose stub is wrong: it rejects, and the test itself would fail with the same error. */
async function rejectedLoudly(call: () => Promise<unknown>): Promise<string> {
  jest.useFakeTimers();
  try {
    const error = await call().then(
      () => new Error('the call resolved'),
      (reason: unknown) => reason as Error,
    );
    expect(() => jest.runAllTimers()).toThrow(error.message);
    return error.message;
  } finally {
    jest.useRealTimers();
  }
}

describe('mockApi', () => {
  it('when a route is handled, then the real client gets its body and the call is recorded', async () => {
    api = mockApi().on('GET /brokers/connections', [200, [connection]]);
    await expect(listConnections()).resolves.toEqual([connection]);
    expect(api.callsTo('GET /brokers/connections')).toHaveLength(1);
  });

  it('when a handler answers an error status, then the call rejects like the server would', async () => {
    api = mockApi().on('PUT /brokers/connections/:id/:param', (request) => [
      404,
      { detail: `No ${request.path}` },
    ]);
    await expect(setConnectionEnabled(9, true)).rejects.toMatchObject({ response: { status: 404 } });
  });

  it('when a request has no handler, then it fails loudly with the route', async () => {
    jest.useFakeTimers();
    api = mockApi();
    await expect(listConnections()).rejects.toThrow('Unhandled request in test: GET /brokers/connections');
    expect(() => jest.runAllTimers()).toThrow('Unhandled request in test: GET /brokers/connections');
    jest.useRealTimers();
  });
});

describe('mockApi checks every stubbed answer against the server schemas', () => {
  it('when a body misses fields the server always sends, then the test fails naming them', async () => {
    api = mockApi().on('GET /brokers/connections', [200, [{ id: 1 }]]);
    expect(await rejectedLoudly(listConnections)).toMatch(
      /GET \/api\/v1\/brokers\/connections .*\/0 must have required property 'connection_name'/,
    );
  });

  it('when a body has a value the server never sends, then the test fails', async () => {
    api = mockApi().on('GET /brokers/connections', [200, [{ ...connection, status: 'online' }]]);
    expect(await rejectedLoudly(listConnections)).toMatch(
      /\/0\/status must be equal to one of the allowed values/,
    );
  });

  it('when a body carries a field the server drops, then the test fails', async () => {
    api = mockApi().on('GET /brokers/connections', [200, [{ ...connection, user_id: 3 }]]);
    expect(await rejectedLoudly(listConnections)).toMatch(/must NOT have additional properties \(user_id\)/);
  });

  it('when an error answer has a body without detail, then the test fails; a bare 5xx stands for a gateway', async () => {
    api = mockApi().on('GET /notifications', [502]);
    await expect(listNotifications()).rejects.toMatchObject({ response: { status: 502 } });
    api.on('GET /notifications', [500, { error: 'boom' }]);
    expect(await rejectedLoudly(listNotifications)).toMatch(/500 answer of GET \/api\/v1\/notifications/);
  });

  it('when a status the route never answers is stubbed, then the test fails', async () => {
    api = mockApi().on('GET /brokers/connections', [201, [connection]]);
    expect(await rejectedLoudly(listConnections)).toMatch(
      'GET /api/v1/brokers/connections never answers 201',
    );
  });

  it('when an answer is marked as an earlier server version, then it is not checked; the same answer unmarked fails', async () => {
    const earlier = { olderServer: 'sends connections without their names' };
    api = mockApi().on('GET /brokers/connections', [200, [{ id: 1 }]], earlier);
    await expect(listConnections()).resolves.toEqual([{ id: 1 }]);
    api.on('GET /brokers/connections', [200, [{ id: 1 }]]);
    expect(await rejectedLoudly(listConnections)).toMatch(/must have required property 'connection_name'/);
  });

  it('when the route does not exist on the server, then the test fails', async () => {
    api = mockApi().on('GET /brokers/connection-list', [200, []]);
    expect(await rejectedLoudly(() => http.get('/brokers/connection-list'))).toMatch(
      'The server has no route GET /api/v1/brokers/connection-list',
    );
  });
});
