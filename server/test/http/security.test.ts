import { buildTestApp, type TestApp } from '../support/build-test-app';

describe('HTTP security and plumbing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { corsOrigins: ['https://remotes.example'] } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('when any answer goes out, then it carries CSP without inline script, HSTS, nosniff and frame-ancestors none', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://remotes.example");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("connect-src 'self' ws://synctrade.test https://remotes.example");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['strict-transport-security']).toContain('max-age=');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('when a configured origin calls, then CORS allows it; any other origin gets no CORS header', async () => {
    const allowed = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/auth/login',
      headers: { origin: 'https://remotes.example', 'access-control-request-method': 'POST' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://remotes.example');
    const denied = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(denied.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('when the health check is asked, then the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('when the OpenAPI document is asked, then it lists the routes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/v1/auth/login',
      '/api/v1/auth/register',
      '/api/v1/brokers/connections',
      '/api/v1/notifications',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });

  it('when a route does not exist, then 404 with a detail', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found' });
  });

  it('when the unauthenticated auth routes are hammered past the configured limit, then 429 with Retry-After', async () => {
    const limited = await buildTestApp({ config: { authRateLimitPerMinute: 3 } });
    try {
      let last = await limited.app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot-password',
        payload: { email: 'a@b.com' },
      });
      for (let attempt = 0; attempt < 3; attempt += 1) {
        last = await limited.app.inject({
          method: 'POST',
          url: '/api/v1/auth/forgot-password',
          payload: { email: 'a@b.com' },
        });
      }
      expect(last.statusCode).toBe(429);
      expect(last.headers['retry-after']).toBeDefined();
      expect(typeof (last.json() as { detail: string }).detail).toBe('string');
    } finally {
      await limited.close();
    }
  });
});
