import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { openAddressText } from './open-address';
import { parseRedirectMode, publicUrlRedirect, type PublicUrlRedirectMode } from './public-url-redirect';
import { webPlugin } from './web-plugin';

describe('page loads on another name of the server go to the public URL', () => {
  let webRoot: string;
  const apps: FastifyInstance[] = [];

  beforeAll(() => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'synctrade-public-url-'));
    const dist = path.join(webRoot, 'host', 'dist');
    mkdirSync(dist, { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'main.js'), 'console.log("main");');
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  async function serve(publicUrl: string, mode?: PublicUrlRedirectMode): Promise<FastifyInstance> {
    const app = Fastify();
    app.get('/api/v1/health', async () => ({ status: 'ok' }));
    await app.register(webPlugin, {
      webRoot,
      deployDir: path.join(webRoot, '.deploy'),
      remoteOverrides: {},
      apiBaseUrl: '/api/v1',
      feedUrl: '',
      publicUrl,
      ...(mode === undefined ? {} : { redirectToPublicUrl: mode }),
    });
    await app.ready();
    apps.push(app);
    return app;
  }

  it('when a page is opened on 127.0.0.1 and the public URL is localhost, then it is sent there with its path and query', async () => {
    const app = await serve('http://localhost:3000');
    const reply = await app.inject({
      url: '/connections?status=success&message=x',
      headers: { host: '127.0.0.1:3000' },
    });
    expect(reply.statusCode).toBe(302);
    expect(reply.headers.location).toBe('http://localhost:3000/connections?status=success&message=x');
    expect(reply.headers['cache-control']).toBe('no-store');
    const root = await app.inject({ url: '/', headers: { host: '127.0.0.1:3000' } });
    expect(root.headers.location).toBe('http://localhost:3000/');
  });

  it('when the page is opened on the public URL, then the app is served', async () => {
    const app = await serve('http://localhost:3000');
    const reply = await app.inject({ url: '/dashboard', headers: { host: 'localhost:3000' } });
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toContain('<div id="root">');
  });

  it('when the API, a file or config.json is asked for on 127.0.0.1, then it is answered there (health checks, scripts)', async () => {
    const app = await serve('http://localhost:3000');
    const host = { host: '127.0.0.1:3000' };
    expect((await app.inject({ url: '/api/v1/health', headers: host })).statusCode).toBe(200);
    expect((await app.inject({ url: '/main.js', headers: host })).statusCode).toBe(200);
    expect((await app.inject({ url: '/config.json', headers: host })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/v1/nothing', headers: host })).statusCode).toBe(404);
  });

  it('when a proxy rewrites the Host header or a LAN address is used, then auto never redirects (no loop, no dead end)', async () => {
    const behindProxy = await serve('https://app.example.com');
    const proxied = await behindProxy.inject({ url: '/dashboard', headers: { host: '127.0.0.1:3000' } });
    expect(proxied.statusCode).toBe(200);
    const local = await serve('http://localhost:3000');
    const lan = await local.inject({ url: '/dashboard', headers: { host: '192.168.1.20:3000' } });
    expect(lan.statusCode).toBe(200);
    const otherPort = await local.inject({ url: '/dashboard', headers: { host: '127.0.0.1:4000' } });
    expect(otherPort.statusCode).toBe(200);
  });

  it('when REDIRECT_TO_PUBLIC_URL is always, then any other name goes to the public URL; never turns it off', async () => {
    const always = await serve('https://app.example.com', 'always');
    const reply = await always.inject({ url: '/profile', headers: { host: '10.0.0.5:3000' } });
    expect(reply.headers.location).toBe('https://app.example.com/profile');
    const never = await serve('http://localhost:3000', 'never');
    expect((await never.inject({ url: '/profile', headers: { host: '127.0.0.1:3000' } })).statusCode).toBe(
      200,
    );
  });

  it.each([
    ['http://localhost:3000', '[::1]:3000', 'http://localhost:3000/x'],
    ['http://127.0.0.1:3000', 'localhost:3000', 'http://127.0.0.1:3000/x'],
    ['http://localhost:3000', 'LOCALHOST:3000', undefined],
    ['http://localhost', '127.0.0.1', 'http://localhost/x'],
    ['http://localhost:3000', 'not a host', undefined],
  ])('public %s, Host %s → %s', (publicUrl, host, location) => {
    expect(publicUrlRedirect(publicUrl, 'auto', host, '/x')).toBe(location);
  });

  it('when the mode is misspelt, then the server refuses to start with the allowed values', () => {
    expect(parseRedirectMode(undefined)).toBe('auto');
    expect(parseRedirectMode(' Always ')).toBe('always');
    expect(() => parseRedirectMode('yes')).toThrow('REDIRECT_TO_PUBLIC_URL must be auto, always or never');
  });
});

describe('the line printed at start', () => {
  it('names one address to open, the public URL, and the bound socket without a scheme', () => {
    const text = openAddressText('http://localhost:3000', 'http://127.0.0.1:3000', 'PGlite');
    expect(text).toBe(
      'SyncTrade is ready: open http://localhost:3000 (server bound to 127.0.0.1:3000, database PGlite)',
    );
    expect(text.match(/https?:\/\//g)).toHaveLength(1);
  });
});
