import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received, with the time it arrived (the fake's clock). */
export interface TelegramRequest {
  method: string;
  body: Record<string, unknown>;
  at: number;
}

/** A fault the next sendMessage answers with (429 flood control, 500, a redirect). */
export type TelegramFault =
  | { kind: 'flood'; retryAfter: number }
  | { kind: 'error'; status: number; description: string }
  | { kind: 'redirect'; location: string };

export interface FakeTelegram {
  /** The base the product's TELEGRAM_API_URL points at. */
  url: string;
  token: string;
  requests: TelegramRequest[];
  /** Messages delivered with sendMessage (faulted ones are not). */
  sent: { chat_id: string; text: string; at: number }[];
  /**
   * A user writes to the bot: the next getUpdates answers it or, with a webhook set, it is posted there; resolves
   * once the webhook took it or the fake gave up.
   */
  userWrites(chatId: number, text: string, name?: string): Promise<void>;
  /** The webhook the bot set (setWebhook), or null. */
  webhook(): { url: string; secretToken: string | null } | null;
  /** Each post of an update to the webhook: its HTTP status (0: no answer). */
  webhookPosts: { updateId: number; status: number }[];
  failNext(...faults: TelegramFault[]): void;
  close(): Promise<void>;
}

interface Update {
  update_id: number;
  message: {
    message_id: number;
    date: number;
    text: string;
    chat: { id: number; type: 'private'; first_name: string };
  };
}

function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        resolve(text ? (JSON.parse(text) as Record<string, unknown>) : {});
      } catch (error) {
        reject(error instanceof Error ? error : new Error('bad JSON'));
      }
    });
    request.on('error', reject);
  });
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

const SECRET_TOKEN = /^[A-Za-z0-9_-]{1,256}$/;
const WEBHOOK_PORTS = new Set(['443', '80', '88', '8443']);
/** "we will repeat the request and give up after a reasonable number of attempts" (setWebhook): the fake's number. */
const WEBHOOK_ATTEMPTS = 3;

function badRequest(response: ServerResponse, description: string): void {
  answer(response, 400, { ok: false, error_code: 400, description: `Bad Request: ${description}` });
}

/** Why setWebhook refuses `url`, or null (README: an HTTPS URL on a supported port, unless the test lets in HTTP). */
function webhookUrlFault(url: unknown, plainHttp: boolean): string | null {
  if (typeof url !== 'string') return 'bad webhook: URL must be a string';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'bad webhook: invalid URL';
  }
  if (parsed.protocol === 'http:' && plainHttp) return null;
  if (parsed.protocol !== 'https:') return 'bad webhook: An HTTPS URL must be provided for webhook';
  if (!WEBHOOK_PORTS.has(parsed.port || '443'))
    return 'bad webhook: Webhook can be set up only on ports 80, 88, 443 or 8443';
  return null;
}

/** The Telegram Bot API's sendMessage, getUpdates and webhooks for one bot token (README: sources). */
export async function startFakeTelegram(
  options: {
    token?: string;
    port?: number;
    /** Lets setWebhook take a local http:// URL (Telegram takes HTTPS only): the tests' servers speak HTTP. */
    plainHttpWebhooks?: boolean;
  } = {},
): Promise<FakeTelegram> {
  const token = options.token ?? '123456:fake-bot-token';
  const requests: TelegramRequest[] = [];
  const sent: FakeTelegram['sent'] = [];
  const updates: Update[] = [];
  const faults: TelegramFault[] = [];
  let nextUpdate = 1;
  let hook: { url: string; secretToken: string | null } | null = null;
  const webhookPosts: FakeTelegram['webhookPosts'] = [];

  /** Posts one update to the webhook as Telegram does: JSON, the secret header, no redirect followed, retried. */
  async function postToWebhook(update: Update): Promise<boolean> {
    for (let attempt = 0; attempt < WEBHOOK_ATTEMPTS && hook; attempt += 1) {
      let status = 0;
      try {
        const response = await fetch(hook.url, {
          method: 'POST',
          redirect: 'manual',
          headers: {
            'content-type': 'application/json',
            ...(hook.secretToken ? { 'x-telegram-bot-api-secret-token': hook.secretToken } : {}),
          },
          body: JSON.stringify(update),
          signal: AbortSignal.timeout(5_000),
        });
        status = response.status;
        await response.arrayBuffer();
      } catch {
        status = 0;
      }
      webhookPosts.push({ updateId: update.update_id, status });
      if (status >= 200 && status < 300) return true;
      await new Promise((resolve) => setTimeout(resolve, 20 * (attempt + 1)));
    }
    return false;
  }

  const server = createServer((request, response) => {
    void (async () => {
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(new URL(request.url ?? '/', 'http://x').pathname);
      const body = await readBody(request).catch(() => null);
      if (!match) return answer(response, 404, { ok: false, error_code: 404, description: 'Not Found' });
      const [, givenToken, method = ''] = match;
      requests.push({ method, body: body ?? {}, at: Date.now() });
      if (givenToken !== token)
        return answer(response, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
      if (body === null)
        return answer(response, 400, {
          ok: false,
          error_code: 400,
          description: 'Bad Request: invalid JSON',
        });
      if (method === 'setWebhook') {
        const url = body.url;
        if (url === '') {
          hook = null;
          return answer(response, 200, { ok: true, result: true, description: 'Webhook was deleted' });
        }
        const fault = webhookUrlFault(url, options.plainHttpWebhooks === true);
        if (fault) return badRequest(response, fault);
        const secret = body.secret_token;
        if (secret !== undefined && (typeof secret !== 'string' || !SECRET_TOKEN.test(secret)))
          return badRequest(response, 'secret token contains unallowed characters');
        hook = { url: url as string, secretToken: typeof secret === 'string' ? secret : null };
        return answer(response, 200, { ok: true, result: true, description: 'Webhook was set' });
      }
      if (method === 'deleteWebhook') {
        hook = null;
        return answer(response, 200, { ok: true, result: true, description: 'Webhook was deleted' });
      }
      if (method === 'getWebhookInfo')
        return answer(response, 200, {
          ok: true,
          result: {
            url: hook?.url ?? '',
            has_custom_certificate: false,
            pending_update_count: updates.length,
          },
        });
      if (method === 'getUpdates') {
        if (hook)
          return answer(response, 409, {
            ok: false,
            error_code: 409,
            description:
              "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
          });
        const offset = typeof body.offset === 'number' ? body.offset : 0;
        // Calling with an offset confirms every update below it: they are never answered again.
        while (updates.length > 0 && (updates[0] as Update).update_id < offset) updates.shift();
        return answer(response, 200, { ok: true, result: updates.slice(0, 100) });
      }
      if (method === 'sendMessage') {
        const fault = faults.shift();
        if (fault?.kind === 'flood')
          return answer(response, 429, {
            ok: false,
            error_code: 429,
            description: `Too Many Requests: retry after ${fault.retryAfter}`,
            parameters: { retry_after: fault.retryAfter },
          });
        if (fault?.kind === 'error')
          return answer(response, fault.status, {
            ok: false,
            error_code: fault.status,
            description: fault.description,
          });
        if (fault?.kind === 'redirect') {
          response.writeHead(302, { location: fault.location });
          return response.end();
        }
        const text = body.text;
        const chatId = body.chat_id;
        if (
          typeof text !== 'string' ||
          text.length === 0 ||
          (typeof chatId !== 'string' && typeof chatId !== 'number')
        )
          return answer(response, 400, {
            ok: false,
            error_code: 400,
            description: 'Bad Request: message text is empty',
          });
        if (text.length > 4096)
          return answer(response, 400, {
            ok: false,
            error_code: 400,
            description: 'Bad Request: message is too long',
          });
        sent.push({ chat_id: String(chatId), text, at: Date.now() });
        return answer(response, 200, {
          ok: true,
          result: {
            message_id: sent.length,
            date: Math.floor(Date.now() / 1000),
            chat: { id: Number(chatId), type: 'private' },
            text,
          },
        });
      }
      return answer(response, 404, {
        ok: false,
        error_code: 404,
        description: 'Not Found: method not found',
      });
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    requests,
    sent,
    webhookPosts,
    webhook: () => hook,
    async userWrites(chatId, text, name = 'Trader') {
      const update: Update = {
        update_id: nextUpdate++,
        message: {
          message_id: nextUpdate,
          date: Math.floor(Date.now() / 1000),
          text,
          chat: { id: chatId, type: 'private', first_name: name },
        },
      };
      // An update the webhook did not take waits for it (pending_update_count), as for getUpdates.
      if (hook && (await postToWebhook(update))) return;
      updates.push(update);
    },
    failNext(...more) {
      faults.push(...more);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
