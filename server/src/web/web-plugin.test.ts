import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { webPlugin } from './web-plugin';

const CHUNK = 'static/js/vendors.1234abcd.chunk.js';

/** A build folder with an entry, a hashed chunk and the chunk's precompressed copies. */
function writeBuild(dist: string, entry: string): void {
  mkdirSync(path.join(dist, 'static', 'js'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dist, entry), 'console.log("entry");');
  const chunk = 'console.log("chunk");'.repeat(100);
  writeFileSync(path.join(dist, CHUNK), chunk);
  writeFileSync(path.join(dist, `${CHUNK}.br`), brotliCompressSync(chunk));
  writeFileSync(path.join(dist, `${CHUNK}.gz`), gzipSync(chunk));
}

describe('serving the web app', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    const webRoot = mkdtempSync(path.join(tmpdir(), 'synctrade-web-'));
    writeBuild(path.join(webRoot, 'host', 'dist'), 'static/js/main.js');
    writeBuild(path.join(webRoot, 'landing', 'dist'), 'remoteEntry.js');
    app = Fastify();
    await app.register(webPlugin, {
      webRoot,
      deployDir: path.join(webRoot, '.deploy'),
      remoteOverrides: {},
      apiBaseUrl: '/api/v1',
      feedUrl: '',
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('when a browser accepts Brotli, then a hashed chunk is sent precompressed and cached for good', async () => {
    const reply = await app.inject({ url: `/${CHUNK}`, headers: { 'accept-encoding': 'gzip, br' } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(reply.headers.vary).toMatch(/accept-encoding/i);
  });

  it('when a browser accepts gzip only, then it gets the gzip copy; without either, the file itself', async () => {
    const gzip = await app.inject({
      url: `/remotes/landing/${CHUNK}`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['access-control-allow-origin']).toBe('*');
    const plain = await app.inject({ url: `/remotes/landing/${CHUNK}`, headers: { 'accept-encoding': '' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('console.log("chunk")');
  });

  it('when an entry or a page is asked for, then it is revalidated on every load', async () => {
    for (const url of ['/static/js/main.js', '/remotes/landing/remoteEntry.js', '/dashboard']) {
      const reply = await app.inject({ url });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['cache-control']).toBe('no-cache');
    }
  });

  it('when the shell reads its runtime files, then they are never stored', async () => {
    for (const url of ['/remotes.json', '/config.json']) {
      expect((await app.inject({ url })).headers['cache-control']).toBe('no-store');
    }
  });

  it('when a crawler asks for /robots.txt, then it gets plain text closing the API and signed-in areas', async () => {
    const reply = await app.inject({ url: '/robots.txt' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(reply.body).not.toContain('<!doctype html>');
    const lines = reply.body.trim().split('\n');
    expect(lines.slice(0, 2)).toEqual(['User-agent: *', 'Allow: /']);
    for (const path of ['/api/', '/syncdesk', '/connections', '/trade-history', '/profile', '/dashboard']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain('Disallow: /login');
  });
});
