import { listConnections, setConnectionEnabled } from '@synctrade/api';
import { mockApi, type ApiMock } from './api-mock';

let api: ApiMock;
afterEach(() => api.restore());

describe('mockApi', () => {
  it('when a route is handled, then the real client gets its body and the call is recorded', async () => {
    api = mockApi().on('GET /brokers/connections', [200, [{ id: 1 }]]);
    await expect(listConnections()).resolves.toEqual([{ id: 1 }]);
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
