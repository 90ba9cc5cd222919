import protobuf from 'protobufjs';
import WebSocket from 'ws';

/**
 * A tiny R|Protocol client for the fake's tests, with its own message text (field numbers from async_rithmic
 * v1.6.6 `protocol_buffers/source/*.proto`), independent of the fake's. Field numbers are global in R|Protocol,
 * so one `Request` message encodes every request, and one `Answer` decodes most answers; 451 and 3513 differ in
 * a field's type and get their own.
 */
const CLIENT_PROTO = `
syntax = "proto3";
message Base { int32 template_id = 154467; }
message Request {
  int32 template_id = 154467; repeated string user_msg = 132760; string template_version = 153634;
  string user = 131003; string password = 130004; string app_name = 130002; string app_version = 131803;
  string system_name = 153628; int32 infra_type = 153621; string fcm_id = 154013; string ib_id = 154014;
  int32 user_type = 154036; bool subscribe_for_updates = 154352; string account_id = 154008;
  string user_tag = 154119; string window_name = 154629; string symbol = 110100; string exchange = 110101;
  int32 quantity = 112004; double price = 110306; double trigger_price = 149247; int32 transaction_type = 112003;
  int32 duration = 112005; int32 price_type = 112008; string trade_route = 112016; int32 manual_or_auto = 154710;
  string basket_id = 110300; int32 bracket_type = 157087; int32 target_quantity = 154457; int32 target_ticks = 154456;
  int32 stop_quantity = 154459; int32 stop_ticks = 154458; int32 request = 100000; int32 start_index = 153002;
  int32 finish_index = 153003; string index_format = 120001; bool trailing_stop = 157063;
  int32 trail_by_ticks = 157064; int32 trail_by_price_id = 157065;
}
message OcoRequest {
  int32 template_id = 154467; repeated string user_msg = 132760; repeated string user_tag = 154119;
  repeated string window_name = 154629; string fcm_id = 154013; string ib_id = 154014; string account_id = 154008;
  repeated string symbol = 110100; repeated string exchange = 110101;
  repeated int32 quantity = 112004 [packed = false]; repeated double price = 110306 [packed = false];
  repeated double trigger_price = 149247 [packed = false]; repeated int32 transaction_type = 112003 [packed = false];
  repeated int32 duration = 112005 [packed = false]; repeated int32 price_type = 112008 [packed = false];
  repeated string trade_route = 112016; repeated int32 manual_or_auto = 154710 [packed = false];
  repeated bool trailing_stop = 157063 [packed = false]; repeated int32 trail_by_ticks = 157064 [packed = false];
  repeated int32 trail_by_price_id = 157065 [packed = false];
}
message OcoAnswer {
  int32 template_id = 154467; repeated string user_msg = 132760; repeated string user_tag = 154119;
  repeated string rp_code = 132766; repeated string basket_id = 110300;
}
message Answer {
  int32 template_id = 154467; repeated string user_msg = 132760; repeated string rq_handler_rp_code = 132764;
  repeated string rp_code = 132766; repeated string system_name = 153628; string template_version = 153634;
  string fcm_id = 154013; string ib_id = 154014; string unique_user_id = 153428; double heartbeat_interval = 153633;
  string user = 131003; int32 user_type = 154036; int32 tp_max_session_count = 140000;
  int32 op_max_session_count = 140012; string account_id = 154008; string account_name = 154002;
  string account_currency = 154383; string exchange = 110101; string trade_route = 112016; bool is_default = 154689;
  string user_tag = 154119; string basket_id = 110300; int32 notify_type = 153625; bool is_snapshot = 110121;
  string status = 110303; string linked_basket_ids = 110358; string symbol = 110100; int32 quantity = 112004;
  double price = 110306; double trigger_price = 149247; int32 transaction_type = 112003; int32 price_type = 112008;
  int32 manual_or_auto = 154710; string completion_reason = 149273; double avg_fill_price = 110322;
  int32 total_fill_size = 154111; int32 total_unfilled_size = 154112; double fill_price = 110307;
  int32 fill_size = 110308; string fill_time = 110309; string fill_date = 110310; string fill_id = 110311;
  string text = 120008; string report_type = 120001;
  double day_open_pnl = 157954; double day_closed_pnl = 157955; double day_pnl = 157956;
  string open_position_pnl = 156961; string closed_position_pnl = 156963; int32 net_quantity = 156967;
}
message AccountPnL {
  int32 template_id = 154467; bool is_snapshot = 110121; string account_id = 154008; string open_position_pnl = 156961;
  string closed_position_pnl = 156963; int32 net_quantity = 156967; string account_balance = 156970;
  string cash_on_hand = 156971; string day_open_pnl = 157954; string day_closed_pnl = 157955; string day_pnl = 157956;
}
message FillHistory {
  int32 template_id = 154467; repeated string user_msg = 132760; repeated string rq_handler_rp_code = 132764;
  repeated string rp_code = 132766; string basket_id = 110300; string account_id = 154008; string fill_id = 110311;
  double fill_price = 110307; uint64 fill_size = 110308; string transaction_type = 112003;
}
`;

const root = protobuf.parse(CLIENT_PROTO, { keepCase: true }).root;
const Base = root.lookupType('Base');
const Request = root.lookupType('Request');
const TYPE_FOR: Record<number, protobuf.Type> = {
  329: root.lookupType('OcoAnswer'),
  451: root.lookupType('AccountPnL'),
  3513: root.lookupType('FillHistory'),
};
const Answer = root.lookupType('Answer');

export type Msg = Record<string, unknown> & {
  template_id: number;
  user_msg?: string[];
  rp_code?: string[];
  rq_handler_rp_code?: string[];
};

/** 328 is the one request whose order fields are repeated (one entry per leg). */
const OcoRequest = root.lookupType('OcoRequest');

export function encodeRequest(templateId: number, fields: Record<string, unknown>): Buffer {
  const type = templateId === 328 ? OcoRequest : Request;
  const body = type.encode(type.fromObject({ ...fields, template_id: templateId })).finish();
  const out = Buffer.alloc(4 + body.length);
  out.writeInt32BE(body.length, 0);
  out.set(body, 4);
  return out;
}

export function decodeAnswer(data: Buffer): Msg {
  const body = data.subarray(4);
  const templateId = (Base.decode(body) as unknown as { template_id: number }).template_id;
  const type = TYPE_FOR[templateId] ?? Answer;
  return type.toObject(type.decode(body), { longs: Number, arrays: true }) as Msg;
}

/** One WebSocket to the fake: send requests, await answers in arrival order. */
export class RawRithmic {
  readonly received: Msg[] = [];
  private waiters: Array<() => void> = [];
  closed: { code: number; reason: string } | null = null;
  private nextId = 1;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      this.received.push(decodeAnswer(data));
      this.wake();
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      this.wake();
    });
  }

  static async open(url: string): Promise<RawRithmic> {
    const ws = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new RawRithmic(ws);
  }

  /** Sends a request with a fresh user_msg (async_rithmic puts a uuid there); returns that id. */
  send(templateId: number, fields: Record<string, unknown> = {}): string {
    const id = `rq-${this.nextId++}`;
    this.ws.send(encodeRequest(templateId, { user_msg: [id], ...fields }));
    return id;
  }

  sendRaw(data: Buffer | string): void {
    this.ws.send(data);
  }

  /** The first unconsumed message matching, removed from the queue; fails after `ms`. */
  async next(match: (m: Msg) => boolean, ms = 2000): Promise<Msg> {
    const deadline = Date.now() + ms;
    for (;;) {
      const at = this.received.findIndex(match);
      if (at >= 0) return this.received.splice(at, 1)[0]!;
      if (this.closed)
        throw new Error(`socket closed (${this.closed.code} ${this.closed.reason}) while waiting`);
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`timed out; got ${JSON.stringify(this.received.map((m) => m.template_id))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Every frame of a multi-frame answer to `id`: rows (rq_handler_rp_code) until the terminal (rp_code). */
  async answer(templateId: number, id: string): Promise<{ rows: Msg[]; terminal: Msg }> {
    const rows: Msg[] = [];
    for (;;) {
      const m = await this.next(
        (x) => x.template_id === templateId && (x.user_msg as string[] | undefined)?.[0] === id,
      );
      if (Array.isArray(m.rp_code) && m.rp_code.length > 0) return { rows, terminal: m };
      rows.push(m);
    }
  }

  async closedWith(ms = 2000): Promise<{ code: number; reason: string }> {
    const deadline = Date.now() + ms;
    while (!this.closed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    if (!this.closed) throw new Error('socket still open');
    return this.closed;
  }

  close(): void {
    this.ws.close();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}

/** async_rithmic plants/base.py `_login`: template_version "3.9", then a heartbeat. */
export async function login(
  url: string,
  creds: { user: string; password: string; system: string; infraType: number },
): Promise<{ client: RawRithmic; answer: Msg }> {
  const client = await RawRithmic.open(url);
  const id = client.send(10, {
    template_version: '3.9',
    user: creds.user,
    password: creds.password,
    system_name: creds.system,
    app_name: 'fake:tests',
    app_version: '1.0',
    infra_type: creds.infraType,
  });
  const answer = await client.next((m) => m.template_id === 11 && (m.user_msg as string[])[0] === id);
  return { client, answer };
}
