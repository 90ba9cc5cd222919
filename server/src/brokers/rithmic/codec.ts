import { createRequire } from 'node:module';
import type protobuf from 'protobufjs';
import { RITHMIC_PROTO } from './proto-text';

/** Frames larger than this are dropped unread (the largest answer row is a few hundred bytes). */
export const MAX_FRAME_BYTES = 256 * 1024;

/** The message type of each template this adapter sends or reads (async_rithmic `plants/base.py` TEMPLATES_MAP). */
const TYPE_OF_TEMPLATE: Readonly<Record<number, string>> = {
  10: 'RequestLogin',
  11: 'ResponseLogin',
  12: 'RequestLogout',
  13: 'ResponseLogout',
  16: 'RequestRithmicSystemInfo',
  17: 'ResponseRithmicSystemInfo',
  18: 'RequestHeartbeat',
  19: 'ResponseHeartbeat',
  75: 'Reject',
  77: 'ForcedLogout',
  300: 'RequestLoginInfo',
  301: 'ResponseLoginInfo',
  302: 'RequestAccountList',
  303: 'ResponseAccountList',
  308: 'RequestForAccount',
  309: 'ResponseCodes',
  310: 'RequestTradeRoutes',
  311: 'ResponseTradeRoutes',
  312: 'RequestNewOrder',
  313: 'ResponseOrder',
  314: 'RequestModifyOrder',
  315: 'ResponseOrder',
  316: 'RequestCancelOrder',
  317: 'ResponseOrder',
  320: 'RequestForAccount',
  321: 'ResponseCodes',
  328: 'RequestOCOOrder',
  329: 'ResponseOCOOrder',
  330: 'RequestNewOrder',
  331: 'ResponseOrder',
  336: 'RequestForAccount',
  337: 'ResponseCodes',
  350: 'ResponseTradeRoutes',
  351: 'RithmicOrderNotification',
  352: 'ExchangeOrderNotification',
  400: 'RequestPnLPositionUpdates',
  401: 'ResponseCodes',
  402: 'RequestForAccount',
  403: 'ResponseCodes',
  450: 'InstrumentPnLPositionUpdate',
  451: 'AccountPnLPositionUpdate',
  3504: 'RequestExitPosition',
  3505: 'ResponseCodes',
  3506: 'RequestReplayExecutions',
  3507: 'ResponseCodes',
  3512: 'RequestShowFillHistory',
  3513: 'ResponseShowFillHistory',
};

interface Schema {
  base: protobuf.Type;
  types: Map<number, protobuf.Type>;
}

let schema: Schema | null = null;

/**
 * The protobuf library and our message types, made with the first frame: a server without Rithmic connections
 * does not hold them (issue 48, idle memory). Synchronous, as every frame is read and written.
 */
function schemaOf(): Schema {
  if (schema !== null) return schema;
  const library = createRequire(__filename)('protobufjs') as typeof protobuf;
  const root = library.parse(RITHMIC_PROTO, { keepCase: true }).root;
  schema = {
    base: root.lookupType('rti.Base'),
    types: new Map(
      Object.entries(TYPE_OF_TEMPLATE).map(([id, name]) => [Number(id), root.lookupType(`rti.${name}`)]),
    ),
  };
  return schema;
}

/** A decoded message: its fields by proto name (repeated fields always arrays, absent scalars absent). */
export type RithmicMessage = Record<string, unknown> & { template_id: number };

export type Decoded =
  | { ok: true; message: RithmicMessage }
  | { ok: false; templateId: number | null; problem: 'malformed' | 'unknown_template' | 'too_large' };

/**
 * `[int32 big-endian length][protobuf bytes]` (async_rithmic `_convert_request_to_bytes`). The template id and the
 * request's `user_msg` are set on the message made from `fields`, not merged into a copy of them first: the
 * library's conversion reads a copy of a copy several times slower: a new order's frame took 4.9 µs that way and
 * 2.9 µs this way in a loop, and inside the copier bench (one follower) 16 µs at the median against 11 µs.
 */
export function encodeFrame(templateId: number, fields: Record<string, unknown>, userMsg?: string[]): Buffer {
  const type = schemaOf().types.get(templateId);
  if (type === undefined) throw new Error(`No message type for template ${templateId}`);
  const message = type.fromObject(fields) as protobuf.Message & Record<string, unknown>;
  message.template_id = templateId;
  if (userMsg !== undefined) message.user_msg = userMsg;
  const body = type.encode(message).finish();
  const frame = Buffer.alloc(4 + body.length);
  frame.writeInt32BE(body.length, 0);
  frame.set(body, 4);
  return frame;
}

/** Reads one frame; anything unexpected is a value, never a throw. */
export function decodeFrame(data: Buffer): Decoded {
  if (data.length > MAX_FRAME_BYTES + 4) return { ok: false, templateId: null, problem: 'too_large' };
  if (data.length < 4 || data.readInt32BE(0) !== data.length - 4)
    return { ok: false, templateId: null, problem: 'malformed' };
  const body = data.subarray(4);
  const { base, types } = schemaOf();
  let templateId: number;
  try {
    const head = base.toObject(base.decode(body)) as { template_id?: unknown };
    if (typeof head.template_id !== 'number') return { ok: false, templateId: null, problem: 'malformed' };
    templateId = head.template_id;
  } catch {
    return { ok: false, templateId: null, problem: 'malformed' };
  }
  const type = types.get(templateId);
  if (type === undefined) return { ok: false, templateId, problem: 'unknown_template' };
  try {
    const message = type.toObject(type.decode(body), { longs: Number, arrays: true }) as RithmicMessage;
    return { ok: true, message };
  } catch {
    return { ok: false, templateId, problem: 'malformed' };
  }
}
