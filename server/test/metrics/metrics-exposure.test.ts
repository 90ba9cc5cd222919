import type { AddressInfo } from 'node:net';
import { buildTestApp, type TestApp } from '../support/build-test-app';

const TOKEN = 'scrape-token-for-tests';

describe('metrics endpoint exposure', () => {
  let testApp: TestApp | null = null;
  afterEach(async () => {
    await testApp?.close();
    testApp = null;
  });

  it('when neither a metrics port nor a token is set, then /metrics is not served', async () => {
    testApp = await buildTestApp();
    const response = await testApp.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(404);
    expect(testApp.app.metricsServer).toBeUndefined();
  });

  it('when a token is set, then /metrics answers 401 without it or with a wrong one, and the text format with it', async () => {
    testApp = await buildTestApp({ config: { metrics: { host: '127.0.0.1', token: TOKEN } } });
    const without = await testApp.app.inject({ method: 'GET', url: '/metrics' });
    expect(without.statusCode).toBe(401);
    expect(without.json()).toEqual({ detail: 'A valid metrics token is required' });
    const wrong = await testApp.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await testApp.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(right.statusCode).toBe(200);
    expect(right.headers['content-type']).toContain('text/plain');
    expect(right.body).toContain('# TYPE synctrade_copies_total counter');
    expect(right.body).toContain('# TYPE synctrade_copy_latency_seconds histogram');
    expect(right.body).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect(right.body).toMatch(/^synctrade_feed_sockets 0$/m);
  });

  it('when a metrics port is set, then the public port answers 404 for /metrics and the own listener serves it', async () => {
    testApp = await buildTestApp({ config: { metrics: { host: '127.0.0.1', port: 0 } } });
    const publicAnswer = await testApp.app.inject({ method: 'GET', url: '/metrics' });
    expect(publicAnswer.statusCode).toBe(404);
    const own = testApp.app.metricsServer;
    expect(own).toBeDefined();
    const address = own?.server.address() as AddressInfo;
    expect(address.address).toBe('127.0.0.1');
    const response = await fetch(`http://127.0.0.1:${address.port}/metrics`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('# TYPE synctrade_broker_sessions_open gauge');
  });
});
