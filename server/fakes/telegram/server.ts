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
  /** A user writes to the bot: the next getUpdates answers it. */
  userWrites(chatId: number, text: string, name?: string): void;
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

/** The Telegram Bot API's sendMessage and getUpdates for one bot token (README: sources). */
export async function startFakeTelegram(
  options: { token?: string; port?: number } = {},
): Promise<FakeTelegram> {
  const token = options.token ?? '123456:fake-bot-token';
  const requests: TelegramRequest[] = [];
  const sent: FakeTelegram['sent'] = [];
  const updates: Update[] = [];
  const faults: TelegramFault[] = [];
  let nextUpdate = 1;

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
      if (method === 'getUpdates') {
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
    userWrites(chatId, text, name = 'Trader') {
      updates.push({
        update_id: nextUpdate++,
        message: {
          message_id: nextUpdate,
          date: Math.floor(Date.now() / 1000),
          text,
          chat: { id: chatId, type: 'private', first_name: name },
        },
      });
    },
    failNext(...more) {
      faults.push(...more);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
