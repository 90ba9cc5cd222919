import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { loadConfig, type HttpLimits } from '../../src/config/config';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { getTicket, listen, openFeed } from '../support/feed-client';
import { registerUser } from '../support/users';

const SMALL: HttpLimits = {
  requestTimeoutMs: 1_500,
  headersTimeoutMs: 1_000,
  keepAliveTimeoutMs: 1_000,
  idleTimeoutMs: 400,
  checkIntervalMs: 100,
  socketsPerAddress: 100,
};

interface RawClient {
  socket: Socket;
  received: () => string;
  closed: Promise<void>;
}

/** A raw TCP client to the server, keeping what it receives and noticing when the server closes it. */
async function rawClient(port: number, localAddress = '127.0.0.1'): Promise<RawClient> {
  const socket = connect({ port, host: '127.0.0.1', localAddress });
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('close', () => reject(new Error('closed before connecting')));
  });
  return { socket, received: () => text, closed };
}

/** Sends one byte every `everyMs` (more often than the idle time-out) until the socket closes. */
function trickle(socket: Socket, byte: string, everyMs: number): () => void {
  const timer = setInterval(() => {
    if (!socket.destroyed) socket.write(byte);
  }, everyMs);
  return () => clearInterval(timer);
}

/** Sends a keep-alive health check and resolves once its answer arrived (the server then counts the socket). */
async function served(client: RawClient): Promise<void> {
  client.socket.write('GET /api/v1/health HTTP/1.1\r\nHost: synctrade.test\r\n\r\n');
  await new Promise<void>((resolve, reject) => {
    const check = (): void => {
      if (/HTTP\/1\.1 200/.test(client.received())) resolve();
      else if (client.socket.destroyed) reject(new Error(`closed: ${client.received()}`));
      else setTimeout(check, 10);
    };
    check();
  });
}

describe('slow clients are cut after the server time-outs', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp({ config: { http: SMALL, heartbeatSeconds: 1 } });
    await listen(t.app);
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t.close());

  it('a body trickled byte by byte is cut with 408 once the request time-out has passed', async () => {
    const client = await rawClient(port);
    client.socket.write(
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: synctrade.test\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{',
    );
    const stop = trickle(client.socket, ' ', 100);
    await client.closed;
    stop();
    expect(client.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('headers trickled line by line are cut with 408 once the headers time-out has passed', async () => {
    const client = await rawClient(port);
    client.socket.write('GET /api/v1/health HTTP/1.1\r\nHost: synctrade.test\r\n');
    const stop = trickle(client.socket, 'X', 100);
    await client.closed;
    stop();
    expect(client.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('a kept-alive socket left idle after its answer is closed', async () => {
    const client = await rawClient(port);
    await served(client);
    await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 200/);
  });

  it('a feed socket is not cut by them: its heartbeat governs it', async () => {
    const user = await registerUser(t.app);
    const feed = openFeed(`ws://127.0.0.1:${port}`, await getTicket(t.app, user.token));
    await feed.opened;
    // Three heartbeats one second apart: longer than the idle (0.4 s) and request (1.5 s) time-outs.
    await feed.next((message) => message.type === 'heartbeat');
    await feed.next(
      (message) =>
        message.type === 'heartbeat' && feed.messages.filter((m) => m.type === 'heartbeat').length >= 3,
      10_000,
    );
    expect(feed.socket.readyState).toBe(feed.socket.OPEN);
    feed.socket.close();
    await feed.closed;
  });
});

describe('open sockets are capped per remote address', () => {
  const CAP = 5;
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp({ config: { http: { ...loadConfig({}).http, socketsPerAddress: CAP } } });
    await listen(t.app);
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t.close());

  it(`an address holding ${CAP} sockets has its next one closed at once, while another address is served`, async () => {
    const held = await Promise.all(Array.from({ length: CAP }, () => rawClient(port)));
    // Each held socket was answered, so the server has counted it.
    await Promise.all(held.map(served));
    const extra = await rawClient(port);
    await extra.closed;
    expect(extra.received()).toBe('');

    const other = await rawClient(port, '127.0.0.2');
    await served(other);

    // A socket closed by its client frees its place.
    held[0]!.socket.destroy();
    await held[0]!.closed;
    const again = await waitForServedSocket(port);
    for (const client of [...held, other, again]) client.socket.destroy();
  });
});

/** Opens sockets until one is served: the server notices a closed socket on its own turn of the event loop. */
async function waitForServedSocket(port: number): Promise<RawClient> {
  for (;;) {
    const client = await rawClient(port);
    try {
      await served(client);
      return client;
    } catch {
      await client.closed;
    }
  }
}

describe('behind a trusted proxy', () => {
  it("the proxy's own sockets are not counted: it carries every client", async () => {
    const t = await buildTestApp({
      config: {
        http: { ...loadConfig({}).http, socketsPerAddress: 2 },
        trustProxy: loadConfig({ TRUST_PROXY: 'true' }).trustProxy,
      },
    });
    try {
      await listen(t.app);
      const { port } = t.app.server.address() as AddressInfo;
      const clients = await Promise.all(Array.from({ length: 4 }, () => rawClient(port)));
      await Promise.all(clients.map(served));
      for (const client of clients) client.socket.destroy();
    } finally {
      await t.close();
    }
  });
});
