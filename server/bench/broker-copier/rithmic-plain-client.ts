import protobuf from 'protobufjs';
import WebSocket from 'ws';
import { monotonicMs } from './fake-side';

/**
 * The bench's plain R | Protocol client: our own protobuf text for only the messages it sends and reads. Field
 * numbers, template ids and enum values are facts read in `rundef/async_rithmic`
 * (`async_rithmic/protocol_buffers/source/<file>.proto`, named per message below).
 */
const PLAIN_PROTO = `
syntax = "proto3";
package plain;

// base.proto
message Base {
  int32 template_id = 154467;
}

// request_login.proto (10); infra_type 2 = ORDER_PLANT, 4 = PNL_PLANT
message RequestLogin {
  int32 template_id = 154467;
  string template_version = 153634;
  repeated string user_msg = 132760;
  string user = 131003;
  string password = 130004;
  string app_name = 130002;
  string app_version = 131803;
  string system_name = 153628;
  int32 infra_type = 153621;
}

// response_login.proto (11)
message ResponseLogin {
  int32 template_id = 154467;
  repeated string user_msg = 132760;
  repeated string rp_code = 132766;
  double heartbeat_interval = 153633;
}

// request_heartbeat.proto (18)
message RequestHeartbeat {
  int32 template_id = 154467;
}

// request_trade_routes.proto (310)
message RequestTradeRoutes {
  int32 template_id = 154467;
  repeated string user_msg = 132760;
  bool subscribe_for_updates = 154352;
}

// response_trade_routes.proto (311)
message ResponseTradeRoutes {
  int32 template_id = 154467;
  repeated string rq_handler_rp_code = 132764;
  repeated string rp_code = 132766;
  string exchange = 110101;
  string trade_route = 112016;
}

// request_subscribe_for_order_updates.proto (308)
message RequestSubscribeForOrderUpdates {
  int32 template_id = 154467;
  repeated string user_msg = 132760;
  string account_id = 154008;
}

// response_subscribe_for_order_updates.proto (309)
message ResponseSubscribeForOrderUpdates {
  int32 template_id = 154467;
  repeated string rp_code = 132766;
}

// request_pnl_position_updates.proto (400); request 1 = SUBSCRIBE
message RequestPnLPositionUpdates {
  int32 template_id = 154467;
  repeated string user_msg = 132760;
  int32 request = 100000;
  string account_id = 154008;
}

// response_pnl_position_updates.proto (401)
message ResponsePnLPositionUpdates {
  int32 template_id = 154467;
  repeated string user_msg = 132760;
  repeated string rp_code = 132766;
}

// request_new_order.proto (312); transaction_type 1 BUY / 2 SELL, duration 1 DAY, price_type 2 MARKET,
// manual_or_auto 2 AUTO
message RequestNewOrder {
  int32 template_id = 154467;
  string user_tag = 154119;
  string account_id = 154008;
  string symbol = 110100;
  string exchange = 110101;
  int32 quantity = 112004;
  int32 transaction_type = 112003;
  int32 duration = 112005;
  int32 price_type = 112008;
  string trade_route = 112016;
  int32 manual_or_auto = 154710;
}

// exchange_order_notification.proto (352); notify_type 5 = FILL
message ExchangeOrderNotification {
  int32 template_id = 154467;
  int32 notify_type = 153625;
  bool is_snapshot = 110121;
  string account_id = 154008;
}

// response_new_order.proto (313)
message ResponseNewOrder {
  int32 template_id = 154467;
  string user_tag = 154119;
  repeated string rp_code = 132766;
  string basket_id = 110300;
}
`;

const root = protobuf.parse(PLAIN_PROTO, { keepCase: true }).root;
const types = {
  base: root.lookupType('plain.Base'),
  10: root.lookupType('plain.RequestLogin'),
  11: root.lookupType('plain.ResponseLogin'),
  18: root.lookupType('plain.RequestHeartbeat'),
  310: root.lookupType('plain.RequestTradeRoutes'),
  311: root.lookupType('plain.ResponseTradeRoutes'),
  308: root.lookupType('plain.RequestSubscribeForOrderUpdates'),
  309: root.lookupType('plain.ResponseSubscribeForOrderUpdates'),
  312: root.lookupType('plain.RequestNewOrder'),
  400: root.lookupType('plain.RequestPnLPositionUpdates'),
  401: root.lookupType('plain.ResponsePnLPositionUpdates'),
  313: root.lookupType('plain.ResponseNewOrder'),
  352: root.lookupType('plain.ExchangeOrderNotification'),
};
/** notify_type FILL of exchange_order_notification.proto (352). */
const FILL = 5;
type Answer = 11 | 309 | 311 | 313 | 401;
type Fields = Record<string, unknown>;

/** The most orders one batch may have in flight (a cap on the answers it waits for). */
const MAX_IN_FLIGHT = 10_000;
const ANSWER_TIMEOUT_MS = 10_000;

export interface PlainLogin {
  url: string;
  user: string;
  password: string;
  systemName: string;
  /** The PnL plant instead of the order plant (no trade routes there). */
  pnlPlant?: boolean;
}

export interface PlainOrder {
  /** The accounts the orders go to, in turn. */
  accountIds: string[];
  symbol: string;
  exchange: string;
}

/** One order as the plain client sent it: when it went out (the machine's monotonic ms), and the basket id the gateway gave it. */
export interface SentOrder {
  sentAt: number;
  basketId: string;
}

/**
 * A plain protobuf-over-WebSocket client of the order plant (`[int32 BE length][protobuf]` frames): login, the
 * trade routes, heartbeats, and batches of 312 NewOrders sent at once. No adapter, no engine: the bench's floor.
 */
export class PlainRithmicClient {
  private readonly waiting = new Map<string, (fields: Fields) => void>();
  private readonly routes = new Map<string, string>();
  private heartbeat: NodeJS.Timeout | undefined;
  private nextTag = 0;
  private failure: Error | null = null;
  /** Called once on the next live fill (352 FILL) of the account, as the frame is read. */
  private nextFill: { accountId: string; react: () => void } | undefined;

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => this.onFrame(data));
    ws.on('close', () => this.fail(new Error('The plain client lost its socket')));
    ws.on('error', (error) => this.fail(error));
  }

  static async connect(login: PlainLogin): Promise<PlainRithmicClient> {
    const ws = new WebSocket(login.url, { perMessageDeflate: false });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const client = new PlainRithmicClient(ws);
    const answer = await client.request(10, 'login', {
      template_version: '3.9',
      user_msg: ['login'],
      user: login.user,
      password: login.password,
      app_name: 'bench:plain',
      app_version: '1.0',
      system_name: login.systemName,
      infra_type: login.pnlPlant === true ? 4 : 2,
    });
    if (!isOk(answer)) throw new Error(`Plain client login refused: ${String(answer.rp_code)}`);
    const seconds = Number(answer.heartbeat_interval) || 30;
    client.heartbeat = setInterval(() => client.send(18, {}), (seconds * 1000) / 2);
    client.heartbeat.unref();
    if (login.pnlPlant === true) return client;
    const routes = await client.request(310, 'routes', {
      user_msg: ['routes'],
      subscribe_for_updates: false,
    });
    if (!isOk(routes)) throw new Error(`Plain client trade routes refused: ${String(routes.rp_code)}`);
    return client;
  }

  /**
   * 308: the gateway then sends this client every 351/352 of the account (and the fake its PnL pushes are not,
   * they go to the PnL plant), as it does to the adapter's sessions; the client reads only their template id.
   */
  async subscribeToOrders(accountId: string): Promise<void> {
    const answer = await this.request(308, 'subscribe', { user_msg: ['subscribe'], account_id: accountId });
    if (!isOk(answer)) throw new Error(`Plain client subscription refused: ${String(answer.rp_code)}`);
  }

  /**
   * 400 on a PnL-plant client: the gateway then pushes the account's 450/451 after each of its fills, as it does to
   * the adapter's PnL plant; the client reads only their template id.
   */
  async subscribeToPnl(accountId: string): Promise<void> {
    const answer = await this.request(400, 'pnl', { user_msg: ['pnl'], request: 1, account_id: accountId });
    if (!isOk(answer)) throw new Error(`Plain client PnL subscription refused: ${String(answer.rp_code)}`);
  }

  /** `react` runs as the next live fill of `accountId` is read (the account's orders subscribed to with 308). */
  onNextFill(accountId: string, react: () => void): void {
    this.nextFill = { accountId, react };
  }

  /** `count` market orders sent at once (sides alternate, so the account stays near flat); resolves on every 313. */
  async placeMarketOrders(count: number, order: PlainOrder): Promise<SentOrder[]> {
    if (count > MAX_IN_FLIGHT) throw new Error(`At most ${MAX_IN_FLIGHT} orders at once`);
    const route = this.routes.get(order.exchange);
    if (route === undefined) throw new Error(`No trade route for ${order.exchange}`);
    if (order.accountIds.length === 0) throw new Error('No account to send to');
    const sent: Array<Promise<SentOrder>> = [];
    for (let i = 0; i < count; i += 1) {
      const tag = `plain.${(this.nextTag += 1)}`;
      const sentAt = monotonicMs();
      sent.push(
        this.request(312, tag, {
          user_tag: tag,
          account_id: order.accountIds[i % order.accountIds.length],
          symbol: order.symbol,
          exchange: order.exchange,
          quantity: 1,
          transaction_type: i % 2 === 0 ? 1 : 2,
          duration: 1,
          price_type: 2,
          trade_route: route,
          manual_or_auto: 2,
        }).then((answer) => {
          if (!isOk(answer)) throw new Error(`Order refused: ${String(answer.rp_code)}`);
          return { sentAt, basketId: String(answer.basket_id) };
        }),
      );
    }
    return Promise.all(sent);
  }

  close(): void {
    clearInterval(this.heartbeat);
    this.failure ??= new Error('closed');
    this.ws.terminate();
  }

  /** Sends a request and waits for the answer the gateway files under `key` (user_tag for 313, else the name). */
  private request(templateId: 10 | 308 | 310 | 312 | 400, key: string, fields: Fields): Promise<Fields> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.waiting.has(key)) return Promise.reject(new Error(`Already waiting for ${key}`));
    return new Promise<Fields>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(key);
        reject(new Error(`No answer to ${key}`));
      }, ANSWER_TIMEOUT_MS);
      this.waiting.set(key, (answer) => {
        clearTimeout(timer);
        this.waiting.delete(key);
        if ('error' in answer) reject(answer.error as Error);
        else resolve(answer);
      });
      this.send(templateId, fields);
    });
  }

  private send(templateId: 10 | 18 | 308 | 310 | 312 | 400, fields: Fields): void {
    const type = types[templateId];
    const payload = type.encode(type.fromObject({ template_id: templateId, ...fields })).finish();
    const frame = Buffer.alloc(4 + payload.length);
    frame.writeInt32BE(payload.length, 0);
    frame.set(payload, 4);
    this.ws.send(frame);
  }

  private onFrame(data: Buffer): void {
    if (data.length < 4 || data.readInt32BE(0) !== data.length - 4)
      return this.fail(new Error('The gateway sent a frame whose length prefix does not match'));
    const payload = data.subarray(4);
    let templateId: number;
    let fields: Fields;
    try {
      templateId = Number(types.base.toObject(types.base.decode(payload)).template_id);
      if (templateId === 352) return this.onNotification(payload);
      if (![11, 309, 311, 313, 401].includes(templateId)) return; // heartbeats, 351/352, 450/451: not read
      fields = types[templateId as Answer].toObject(types[templateId as Answer].decode(payload), {
        defaults: true,
      });
    } catch (error) {
      return this.fail(
        new Error(`The gateway sent a frame that does not decode: ${(error as Error).message}`),
      );
    }
    // 311 is rows (rq_handler_rp_code) and then one terminal with rp_code (async_rithmic base.py).
    if (templateId === 311 && (fields.rp_code as string[]).length === 0) {
      if (this.routes.size < 100) this.routes.set(String(fields.exchange), String(fields.trade_route));
      return;
    }
    const key =
      templateId === 11
        ? 'login'
        : templateId === 309
          ? 'subscribe'
          : templateId === 311
            ? 'routes'
            : templateId === 401
              ? 'pnl'
              : String(fields.user_tag);
    this.waiting.get(key)?.(fields);
  }

  private onNotification(payload: Uint8Array): void {
    const watched = this.nextFill;
    if (watched === undefined) return;
    const notice = types[352].toObject(types[352].decode(payload));
    if (notice.notify_type !== FILL || notice.is_snapshot === true || notice.account_id !== watched.accountId)
      return;
    this.nextFill = undefined;
    watched.react();
  }

  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    for (const settle of [...this.waiting.values()]) settle({ error });
  }
}

function isOk(answer: Fields): boolean {
  return Array.isArray(answer.rp_code) && answer.rp_code[0] === '0';
}
