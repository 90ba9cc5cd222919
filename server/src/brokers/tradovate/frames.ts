import { isRecord, type JsonRecord } from './json';

/** One server frame of Tradovate's SockJS-like protocol. */
export type ServerFrame =
  | { type: 'open' }
  | { type: 'heartbeat' }
  | { type: 'messages'; messages: unknown[] }
  | { type: 'close'; code: number; reason: string }
  | { type: 'garbage'; raw: string };

export function parseFrame(raw: string): ServerFrame {
  const prefix = raw.charAt(0);
  if (prefix === 'o') return { type: 'open' };
  if (prefix === 'h') return { type: 'heartbeat' };
  try {
    if (prefix === 'a') {
      const parsed: unknown = JSON.parse(raw.slice(1));
      if (Array.isArray(parsed)) return { type: 'messages', messages: parsed };
    }
    if (prefix === 'c') {
      const parsed: unknown = JSON.parse(raw.slice(1));
      if (Array.isArray(parsed)) {
        return { type: 'close', code: Number(parsed[0]) || 0, reason: String(parsed[1] ?? '') };
      }
    }
  } catch {
    // falls through: reported as garbage so the caller can log it without losing the socket
  }
  return { type: 'garbage', raw };
}

/** `endpoint\nid\nquery\nbody`: the request form Tradovate's socket accepts for any REST endpoint. */
export function encodeRequest(
  endpoint: string,
  id: number,
  query: string,
  body: JsonRecord | string | undefined,
): string {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return `${endpoint}\n${id}\n${query}\n${text}`;
}

export type SocketMessage =
  | { kind: 'response'; id: number; status: number; data: unknown }
  | { kind: 'props'; data: unknown }
  | { kind: 'shutdown'; reasonCode: string }
  | { kind: 'other'; raw: unknown };

export function classifyMessage(message: unknown): SocketMessage {
  if (!isRecord(message)) return { kind: 'other', raw: message };
  if (typeof message.i === 'number') {
    return {
      kind: 'response',
      id: message.i,
      status: typeof message.s === 'number' ? message.s : 0,
      data: message.d,
    };
  }
  if (message.e === 'props') return { kind: 'props', data: message.d };
  if (message.e === 'shutdown') {
    const reasonCode =
      isRecord(message.d) && typeof message.d.reasonCode === 'string' ? message.d.reasonCode : 'Unknown';
    return { kind: 'shutdown', reasonCode };
  }
  return { kind: 'other', raw: message };
}
