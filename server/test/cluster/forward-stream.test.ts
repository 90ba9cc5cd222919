import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { installOwnerForwarding } from '../../src/cluster/forward';
import type { LeaseStore } from '../../src/cluster/lease-store';

/**
 * A long list answered by the group's owner (the full trade history, streamed) is passed on by the node the browser
 * reached as it arrives: that node never holds it whole.
 */
describe('a forwarded answer is streamed through', () => {
  let owner: FastifyInstance;
  let front: FastifyInstance;
  let open = (): void => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));

  beforeAll(async () => {
    owner = Fastify();
    owner.get('/api/v1/copier/trade-history/:id', async (_request, reply) => {
      async function* body(): AsyncGenerator<string> {
        yield '{"trades":[1';
        await gate;
        yield ',2]}';
      }
      return reply.type('application/json').send(Readable.from(body()));
    });
    const ownerUrl = await owner.listen({ port: 0, host: '127.0.0.1' });

    front = Fastify();
    front.addHook('onRequest', async (request) => {
      (request as unknown as { user: { id: number } }).user = { id: 7 };
    });
    const leases = { ownerOf: async () => ({ nodeId: 'owner', url: ownerUrl, draining: false }) };
    installOwnerForwarding(front, leases as unknown as LeaseStore, 'front', 'mark');
    front.get('/api/v1/copier/trade-history/:id', async () => ({ trades: [] }));
    await front.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    open();
    await front.close();
    await owner.close();
  });

  it("when the owner has sent the start of an answer, then the browser has it before the owner's end", async () => {
    const { port } = front.server.address() as { port: number };
    let text = '';
    let ended = false;
    const done = new Promise<void>((resolve, reject) => {
      const outgoing = httpRequest(`http://127.0.0.1:${port}/api/v1/copier/trade-history/7`, (response) => {
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        response.setEncoding('utf8');
        response.on('data', (piece: string) => (text += piece));
        response.on('end', () => {
          ended = true;
          resolve();
        });
        response.on('error', reject);
      });
      outgoing.on('error', reject);
      outgoing.end();
    });
    for (let turn = 0; text === '' && turn < 2_000; turn += 1)
      await new Promise((resolve) => setTimeout(resolve, 5));
    expect(text).toBe('{"trades":[1');
    expect(ended).toBe(false);
    open();
    await done;
    expect(JSON.parse(text)).toEqual({ trades: [1, 2] });
  });
});
