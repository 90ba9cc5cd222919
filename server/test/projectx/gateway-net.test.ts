import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LookupAddress } from 'node:dns';
import {
  GatewayNet,
  HostNotAllowed,
  isPublicAddress,
  MAX_ANSWER_BYTES,
  type Resolve,
} from '../../src/brokers/projectx/gateway-net';
import { createProjectXAdapter } from '../../src/brokers/projectx/index';
import type { HostPolicy } from '../../src/brokers/projectx/hosts';
import { startFakeProjectX, type FakeProjectX } from '../../fakes/projectx/server';
import { testTimings } from './support/px-world';

/** A resolver answering from a table, recording every name it was asked: no real DNS in tests. */
function tableResolver(table: Record<string, string[]>): Resolve & { asked: string[] } {
  const asked: string[] = [];
  const resolve = (hostname: string): Promise<LookupAddress[]> => {
    asked.push(hostname);
    const addresses = table[hostname] ?? [];
    return Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
  };
  return Object.assign(resolve, { asked });
}

interface Probe {
  url: string;
  host: string;
  hits: IncomingMessage[];
  upgrades: number;
  close(): Promise<void>;
}

/** A local HTTP service that records who reached it (an internal service an attacker would aim at). */
async function probe(answer: (request: IncomingMessage, response: ServerResponse) => void): Promise<Probe> {
  const hits: IncomingMessage[] = [];
  const server: Server = createServer((request, response) => {
    hits.push(request);
    request.resume();
    request.on('end', () => answer(request, response));
  });
  const state = { upgrades: 0 };
  server.on('upgrade', (_request, socket) => {
    state.upgrades += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    hits,
    get upgrades() {
      return state.upgrades;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const connectParams = (restUrl: string, hubUrl = `${restUrl}/hubs/user`) => ({
  userName: 'alice',
  apiKey: 'key-a',
  environment: 'demo' as const,
  restUrl,
  hubUrl,
});

describe('ProjectX gateway connections are checked at connect time', () => {
  it('only global unicast addresses count as public', () => {
    expect(
      [
        '8.8.8.8',
        '2606:4700::1111',
        '127.0.0.1',
        '10.1.2.3',
        '172.16.0.1',
        '192.168.1.1',
        '169.254.169.254',
      ].map(isPublicAddress),
    ).toEqual([true, true, false, false, false, false, false]);
    expect(
      ['::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '100.64.0.1', '0.0.0.0', 'nope'].map(isPublicAddress),
    ).toEqual([false, false, false, false, false, false, false]);
  });

  it.each([
    ['127.0.0.1.nip.io', ['127.0.0.1']],
    ['metadata.google.internal', ['169.254.169.254']],
    ['intranet.firm.example', ['10.1.2.3']],
    ['v6.firm.example', ['::1']],
    ['mapped.firm.example', ['::ffff:127.0.0.1']],
    ['mixed.firm.example', ['93.184.216.34', '127.0.0.1']],
  ])('a custom host %s resolving to %j is refused before any socket reaches it', async (name, addresses) => {
    const internal = await probe((_request, response) => response.end('{"success":true,"token":"t"}'));
    const resolve = tableResolver({ [name]: addresses });
    const adapter = createProjectXAdapter({
      timings: testTimings,
      hosts: { custom: 'public', privateHosts: [] },
      resolve,
    });
    try {
      // The name is resolved by the server, never read for its text alone.
      await expect(adapter.connectWithApiKey!(connectParams(`https://${name}`))).rejects.toThrow(
        new HostNotAllowed().message,
      );
      expect(resolve.asked).toContain(name);
      expect(internal.hits).toHaveLength(0);
    } finally {
      await internal.close();
    }
  });

  describe('a named private host', () => {
    let fake: FakeProjectX;
    beforeEach(async () => {
      fake = await startFakeProjectX({ pingMs: 100 });
      fake.addUser({ userName: 'alice', apiKey: 'key-a' });
      fake.addAccount({ id: 465, userName: 'alice' });
    });
    afterEach(() => fake.close());

    it('is reached on the address the check answered (REST and the hub), under its own name', async () => {
      const port = new URL(fake.restUrl).port;
      const name = 'gateway.firm.example';
      const resolve = tableResolver({ [name]: ['127.0.0.1'] });
      const policy: HostPolicy = { custom: 'off', privateHosts: [`${name}:${port}`] };
      const adapter = createProjectXAdapter({ timings: testTimings, hosts: policy, resolve });
      const connected = await adapter.connectWithApiKey!(connectParams(`http://${name}:${port}`));
      expect(connected.accounts.map((account) => account.externalId)).toEqual(['465']);
      const askedBeforeSession = resolve.asked.length;
      const session = await adapter.openSession({
        connectionId: 1,
        environment: 'demo',
        credentials: connected.credentials,
      });
      await session.close();
      // The hub's socket asked the checking resolver too (the REST connection may be reused).
      expect(resolve.asked.length).toBeGreaterThan(askedBeforeSession);
      expect(new Set(resolve.asked)).toEqual(new Set([name]));
    });
  });

  it('the hub socket is checked too: a name resolving to loopback never opens it', async () => {
    const internal = await probe((_request, response) => response.end());
    const port = new URL(internal.url).port;
    const net = new GatewayNet(
      { custom: 'public', privateHosts: [] },
      tableResolver({ 'rtc.evil.example': ['127.0.0.1'] }),
    );
    try {
      const socket = new net.WebSocket(`ws://rtc.evil.example:${port}/hubs/user`);
      const error = await new Promise<Error>((resolve) => socket.on('error', resolve));
      expect(error).toBeInstanceOf(HostNotAllowed);
      expect(() => new net.WebSocket(`ws://127.0.0.1:${port}/hubs/user`)).toThrow(HostNotAllowed);
      expect(internal.upgrades).toBe(0);
      expect(internal.hits).toHaveLength(0);
    } finally {
      await net.close();
      await internal.close();
    }
  });

  it('an answer larger than the cap is refused as it streams in; the next request on the host is answered', async () => {
    let huge = true;
    const gateway = await probe((_request, response) => {
      response.setHeader('content-type', 'application/json');
      if (!huge) return response.end('{"success":true}');
      // Chunked, no length announced: the cap holds while the body arrives.
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      for (let sent = 0; sent <= MAX_ANSWER_BYTES; sent += chunk.length) response.write(chunk);
      response.end('{}');
    });
    const net = new GatewayNet({ custom: 'off', privateHosts: [gateway.host] });
    const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' } as const;
    try {
      const answer = await net.request(`${gateway.url}/api/Trade/search`, post);
      // Told by its length, not its text: a failure here must not print 16 MB.
      const outcome = await answer.text().then(
        (text) => `read ${text.length} bytes`,
        (error: Error) => error.message,
      );
      expect(outcome).toMatch(/exceeded max size/);
      huge = false;
      const next = await net.request(`${gateway.url}/api/Trade/search`, post);
      expect(await next.text()).toBe('{"success":true}');
    } finally {
      await net.close();
      await gateway.close();
    }
  });

  it('a redirect is never followed: the key does not travel to where it points', async () => {
    const internal = await probe((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end('{"success":true,"errorCode":0,"token":"stolen","accounts":[]}');
    });
    const gateway = await probe((request, response) => {
      response.statusCode = 307;
      response.setHeader('location', `${internal.url}${request.url ?? '/'}`);
      response.end();
    });
    const adapter = createProjectXAdapter({
      timings: testTimings,
      hosts: { custom: 'off', privateHosts: [gateway.host, internal.host] },
    });
    try {
      await expect(adapter.connectWithApiKey!(connectParams(gateway.url))).rejects.toThrow(
        'ProjectX did not answer',
      );
      expect(gateway.hits).toHaveLength(1);
      expect(internal.hits).toHaveLength(0);
    } finally {
      await gateway.close();
      await internal.close();
    }
  });
});
