import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Body } from './api-reads';

/** Reads a JSON or form-encoded body (Tradovate's token endpoint sees both). */
export async function readBody(
  request: IncomingMessage,
): Promise<{ body: Body; form: URLSearchParams; malformed: boolean }> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  const form = new URLSearchParams();
  if (text.trim() === '') return { body: {}, form, malformed: false };
  const type = request.headers['content-type'] ?? '';
  if (type.includes('application/x-www-form-urlencoded')) {
    const parsed = new URLSearchParams(text);
    return { body: Object.fromEntries(parsed), form: parsed, malformed: false };
  }
  try {
    const parsed: unknown = JSON.parse(text);
    const body =
      typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Body) : {};
    return { body, form, malformed: false };
  } catch {
    return { body: {}, form, malformed: true };
  }
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  response.writeHead(status, {
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    ...headers,
  });
  response.end(text);
}

export function sendHtml(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': "default-src 'self'; script-src 'none'",
  });
  response.end(html);
}
