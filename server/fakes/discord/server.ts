import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DiscordRequest {
  path: string;
  body: Record<string, unknown> | null;
  at: number;
}

export type DiscordFault =
  | { kind: 'rate_limited'; retryAfter: number; global?: boolean }
  | { kind: 'error'; status: number; message: string }
  | { kind: 'redirect'; location: string };

export interface FakeDiscord {
  /** `http://127.0.0.1:<port>`: the host the operator's DISCORD_WEBHOOK_TEST_HOSTS lets in. */
  url: string;
  host: string;
  /** A webhook the fake knows: `${url}/api/webhooks/<id>/<token>`. */
  addWebhook(id: string, token: string): string;
  requests: DiscordRequest[];
  messages: { webhook: string; content: string; at: number }[];
  failNext(...faults: DiscordFault[]): void;
  /** Requests a webhook's bucket allows per window before its headers say 0 remaining. */
  bucketLimit: number;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<Record<string, unknown> | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
      } catch {
        resolve(null);
      }
    });
    request.on('error', () => resolve(null));
  });
}

function answer(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

const BUCKET_WINDOW_MS = 1_000;

/** Discord's Execute Webhook with its rate-limit answers (README: sources). */
export async function startFakeDiscord(
  options: { port?: number; bucketLimit?: number } = {},
): Promise<FakeDiscord> {
  const webhooks = new Map<string, string>();
  const requests: DiscordRequest[] = [];
  const messages: FakeDiscord['messages'] = [];
  const faults: DiscordFault[] = [];
  /** Each webhook's bucket: requests in its window and when the window ends. */
  const used = new Map<string, { count: number; endsAt: number }>();
  const fake: Omit<FakeDiscord, 'url' | 'host' | 'close'> = {
    addWebhook: () => '',
    requests,
    messages,
    failNext: (...more) => void faults.push(...more),
    bucketLimit: options.bucketLimit ?? 5,
  };

  const server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      const body = await readBody(request);
      requests.push({ path, body, at: Date.now() });
      const match = /^\/api\/webhooks\/(\d+)\/([A-Za-z0-9_-]+)$/.exec(path);
      if (request.method !== 'POST' || !match || webhooks.get(match[1] ?? '') !== match[2])
        return answer(response, 404, { message: 'Unknown Webhook', code: 10015 });
      const fault = faults.shift();
      if (fault?.kind === 'rate_limited')
        return answer(
          response,
          429,
          {
            message: 'You are being rate limited.',
            retry_after: fault.retryAfter,
            global: fault.global ?? false,
          },
          {
            'retry-after': String(Math.ceil(fault.retryAfter)),
            'x-ratelimit-scope': fault.global ? 'global' : 'user',
          },
        );
      if (fault?.kind === 'error') return answer(response, fault.status, { message: fault.message, code: 0 });
      if (fault?.kind === 'redirect') {
        response.writeHead(307, { location: fault.location });
        return response.end();
      }
      const content = body?.content;
      if (typeof content !== 'string' || content.length === 0 || content.length > 2000)
        return answer(response, 400, { message: 'Invalid Form Body', code: 50035 });
      // The bucket empties over its window and fills again when the window ends (1 s from its first request).
      const now = Date.now();
      const open = used.get(path);
      const bucket =
        open !== undefined && open.endsAt > now ? open : { count: 0, endsAt: now + BUCKET_WINDOW_MS };
      used.set(path, bucket);
      const resetAfter = ((bucket.endsAt - now) / 1000).toFixed(3);
      if (bucket.count >= fake.bucketLimit)
        // A client that sends past 0 remaining gets Discord's 429 (retry_after in seconds) and nothing is posted.
        return answer(
          response,
          429,
          { message: 'You are being rate limited.', retry_after: Number(resetAfter), global: false },
          {
            'retry-after': String(Math.ceil(Number(resetAfter))),
            'x-ratelimit-limit': String(fake.bucketLimit),
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset-after': resetAfter,
            'x-ratelimit-bucket': `webhook-${match[1]}`,
            'x-ratelimit-scope': 'user',
          },
        );
      bucket.count += 1;
      const remaining = fake.bucketLimit - bucket.count;
      messages.push({ webhook: path, content, at: now });
      const headers = {
        'x-ratelimit-limit': String(fake.bucketLimit),
        'x-ratelimit-remaining': String(remaining),
        'x-ratelimit-reset-after': resetAfter,
        'x-ratelimit-bucket': `webhook-${match[1]}`,
      };
      const wait = new URL(request.url ?? '/', 'http://x').searchParams.get('wait') === 'true';
      if (!wait) {
        response.writeHead(204, headers);
        return response.end();
      }
      return answer(response, 200, { id: String(messages.length), content, webhook_id: match[1] }, headers);
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return Object.assign(fake, {
    url,
    host: `127.0.0.1:${port}`,
    addWebhook(id: string, token: string) {
      webhooks.set(id, token);
      return `${url}/api/webhooks/${id}/${token}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
