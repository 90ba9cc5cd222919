import { randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decryptPushBody, newUserAgentKeys } from './decrypt';
import { checkVapid } from './vapid';

/** A message the push service accepted: decrypted, with the VAPID claims and headers it came with. */
export interface PushDelivery {
  subscription: string;
  plaintext: string;
  ttl: number;
  urgency: string | undefined;
  vapid: { sub?: string; key: string };
  at: number;
}

export interface PushRefusal {
  subscription: string;
  status: number;
  reason: string;
  at: number;
}

export type PushFault =
  { kind: 'too_many'; retryAfter: number } | { kind: 'gone' } | { kind: 'error'; status: number };

export interface FakePushService {
  url: string;
  host: string;
  /** A browser subscribes: the PushSubscription JSON it would hand the page (the fake keeps the private key). */
  subscribe(): { endpoint: string; keys: { p256dh: string; auth: string } };
  deliveries: PushDelivery[];
  refusals: PushRefusal[];
  failNext(...faults: PushFault[]): void;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** A push service (RFC 8030) that decrypts what it receives and checks the sender's VAPID JWT (README). */
export async function startFakePush(options: { port?: number } = {}): Promise<FakePushService> {
  const subscriptions = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  const deliveries: PushDelivery[] = [];
  const refusals: PushRefusal[] = [];
  const faults: PushFault[] = [];
  let origin = '';

  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const id =
        /^\/push\/([A-Za-z0-9_-]+)$/.exec(new URL(request.url ?? '/', 'http://x').pathname)?.[1] ?? '';
      const refuse = (status: number, reason: string) => {
        refusals.push({ subscription: id, status, reason, at: Date.now() });
        response.writeHead(status, { 'content-type': 'text/plain' });
        response.end(reason);
      };
      const keys = subscriptions.get(id);
      if (request.method !== 'POST' || !keys) return refuse(404, 'no such subscription');
      const fault = faults.shift();
      if (fault?.kind === 'too_many') {
        refusals.push({ subscription: id, status: 429, reason: 'too many', at: Date.now() });
        response.writeHead(429, { 'retry-after': String(fault.retryAfter) });
        return response.end();
      }
      if (fault?.kind === 'gone') return refuse(410, 'subscription expired');
      if (fault?.kind === 'error') return refuse(fault.status, 'push service error');
      const ttl = Number(request.headers.ttl);
      // RFC 8030 §5.2: TTL is required.
      if (!Number.isInteger(ttl) || ttl < 0) return refuse(400, 'TTL header missing');
      // RFC 8291 §4: Content-Encoding aes128gcm.
      if (request.headers['content-encoding'] !== 'aes128gcm')
        return refuse(415, 'content-encoding is not aes128gcm');
      let vapid: ReturnType<typeof checkVapid>;
      try {
        vapid = checkVapid(request.headers.authorization, origin, Math.floor(Date.now() / 1000));
      } catch (error) {
        // RFC 8292 §4.2: 401 for a bad JWT or signature.
        return refuse(401, error instanceof Error ? error.message : 'bad vapid');
      }
      let plaintext: Buffer;
      try {
        plaintext = decryptPushBody(body, keys.ecdh, keys.auth);
      } catch (error) {
        return refuse(400, error instanceof Error ? error.message : 'cannot decrypt');
      }
      deliveries.push({
        subscription: id,
        plaintext: plaintext.toString('utf8'),
        ttl,
        urgency: request.headers.urgency as string | undefined,
        vapid: { sub: vapid.sub, key: vapid.key },
        at: Date.now(),
      });
      // RFC 8030 §5: 201 Created with the message's Location.
      response.writeHead(201, { location: `${origin}/message/${deliveries.length}` });
      response.end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    url: origin,
    host: `127.0.0.1:${port}`,
    subscribe() {
      const id = randomBytes(12).toString('base64url');
      const keys = newUserAgentKeys();
      subscriptions.set(id, keys);
      return {
        endpoint: `${origin}/push/${id}`,
        keys: {
          p256dh: keys.ecdh.getPublicKey().toString('base64url'),
          auth: keys.auth.toString('base64url'),
        },
      };
    },
    deliveries,
    refusals,
    failNext: (...more) => void faults.push(...more),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
