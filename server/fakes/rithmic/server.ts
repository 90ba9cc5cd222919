import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { MAX_FRAME_BYTES } from './framing';
import { forceOut, type Gateway, onMessage } from './gateway';
import {
  CAPS,
  type FakeRithmicAccount,
  type FakeRithmicFaults,
  type FakeRithmicOrder,
  type FakeRithmicUser,
  noFaults,
} from './model';
import { pushPnl } from './pnl-plant';
import { encodeAs } from './proto';
import { Session } from './session';
import { Venue } from './venue';

export type { FakeRithmicAccount, FakeRithmicFaults, FakeRithmicOrder, FakeRithmicUser } from './model';

export interface FakeRithmicOptions {
  port?: number;
  host?: string;
  /** What 16 → 17 RithmicSystemInfo lists. */
  systems?: string[];
  /** heartbeat_interval answered in 11 (seconds, default 30). The fake drops a login silent for 2 × this. */
  heartbeatSeconds?: number;
  /** Request throttle per login: 'real' (default: the fake's own budget, no public figure, see README), 'off', or figures. */
  limits?: 'real' | 'off' | { perWindow: number; windowMs: number };
  /** Orders and fills the fake holds at most (default `CAPS`); a bench of thousands of orders raises them. */
  caps?: { orders?: number; fills?: number };
}

/** Which notification `onPublished` reports: the account and basket it is about, and its notify_type. */
export interface PublishedNotice {
  accountId: string;
  basketId: string;
  notifyType: number;
}

export interface FakeRithmic {
  /** Every plant on the same URL (the login's infra_type picks the plant). */
  url: string;
  addUser(user: FakeRithmicUser): void;
  addAccount(account: {
    user: string;
    accountId: string;
    name?: string;
    balance?: number;
    currency?: string;
  }): FakeRithmicAccount;
  setPrice(symbol: string, exchange: string, price: number): void;
  setFaults(faults: Partial<FakeRithmicFaults>): void;
  clearFaults(): void;
  forceLogout(user: string, plant?: 'order' | 'pnl'): void;
  /**
   * An order by hand on the account's own platform (R Trader Pro on the same login): no `user_tag`, MANUAL,
   * published to every order-plant subscriber as any order is. Answers its basket id; throws if the venue refuses it.
   */
  placeByHand(order: ByHandOrder): string;
  /** A change by hand of a working order (size, price or trigger price). */
  modifyByHand(basketId: string, change: { qty?: number; price?: number; triggerPrice?: number }): void;
  /** A cancel by hand of a working order. */
  cancelByHand(basketId: string): void;
  world: {
    orders(): ReadonlyArray<FakeRithmicOrder>;
    position(accountId: string, symbol: string): { netQty: number; avgPrice: number };
    requests(templateId: number): number;
    /** One order by basket id (with `atHr`, when the fake took it). */
    order(basketId: string): FakeRithmicOrder | undefined;
  };
  /** After each 351/352 went out to the account's order-plant subscribers. */
  onPublished?: (templateId: number, atHr: number, notice: PublishedNotice) => void;
  close(): Promise<void>;
}

export interface ByHandOrder {
  accountId: string;
  symbol: string;
  exchange: string;
  side: 'buy' | 'sell';
  qty: number;
  priceType: FakeRithmicOrder['priceType'];
  price?: number;
  triggerPrice?: number;
  /** A trailing stop's distance in ticks (a STOP_* order), as R Trader would send it (price id 1). */
  trailTicks?: number;
}

export const DEFAULT_SYSTEMS = ['Rithmic Test', 'Rithmic Paper Trading', 'Rithmic 01', 'Apex'];
/** No public figure exists for Rithmic's request limits; this generous budget is the fake's choice (README). */
export const REAL_LIMIT = { perWindow: 1000, windowMs: 10_000 };
/** One route per exchange, named by the fake (clients must take routes from 311, never hard-code them). */
const ROUTES: Array<[string, string]> = [
  ['CME', 'simulator'],
  ['CBOT', 'simulator'],
  ['NYMEX', 'simulator'],
  ['COMEX', 'simulator'],
];

/** Starts the fake R|Protocol gateway: one WebSocket port for every plant, plus a small HTTP control API. */
export async function startFakeRithmic(options: FakeRithmicOptions = {}): Promise<FakeRithmic> {
  const faults = noFaults();
  const sessions = new Set<Session>();
  const venue = new Venue(faults, {
    notify(accountId, templateId, fields) {
      const drop = faults.dropNotifications;
      if (drop !== null && drop.remaining > 0) {
        drop.remaining -= 1;
        if (drop.remaining <= 0) faults.dropNotifications = null;
        return;
      }
      const owner = users.get(venue.accounts.get(accountId)?.user ?? '');
      const full = {
        ...fields,
        fcm_id: owner?.fcmId ?? 'FakeFCM',
        ib_id: owner?.ibId ?? 'FakeIB',
        user_id: owner?.user ?? '',
      };
      let payload: Uint8Array | undefined;
      for (const s of sessions)
        if (s.plant === 'order' && s.orderAccounts.has(accountId))
          s.sendEncoded((payload ??= encodeAs(templateId, full)));
      handle.onPublished?.(templateId, performance.now(), {
        accountId,
        basketId: String(fields.basket_id),
        notifyType: Number(fields.notify_type),
      });
    },
    pnlChanged(accountId, symbol, exchange) {
      pushPnl(gateway, accountId, symbol, exchange);
    },
  });
  Object.assign(venue.caps, options.caps);
  const users = new Map<string, FakeRithmicUser>();
  const limits = options.limits ?? 'real';
  const gateway: Gateway = {
    systems: options.systems ?? DEFAULT_SYSTEMS,
    heartbeatSeconds: options.heartbeatSeconds ?? 30,
    limit: limits === 'off' ? null : limits === 'real' ? REAL_LIMIT : limits,
    users,
    venue,
    faults,
    sessions,
    counts: new Map(),
    routes: new Map(ROUTES),
  };

  const server = createServer((request, response) => {
    void control(request, response).catch(() => reply(response, 500, { error: 'Internal error' }));
  });
  const wss = new WebSocketServer({ server, maxPayload: MAX_FRAME_BYTES });
  wss.on('connection', (ws, request) => {
    if (sessions.size >= CAPS.sockets) return ws.close(1013, 'too many connections');
    const session = new Session(ws, request.socket);
    sessions.add(session);
    session.heard(gateway.heartbeatSeconds);
    ws.on('message', (data, isBinary) => {
      try {
        onMessage(gateway, session, toBuffer(data), isBinary);
      } catch (error) {
        // A bug of the fake must show in the tests, not crash the process other tests share.
        session.send(75, { rp_code: ['3', `fake error: ${(error as Error).message.slice(0, 200)}`] });
      }
    });
    ws.on('close', () => {
      session.closed = true;
      session.stop();
      sessions.delete(session);
    });
    ws.on('error', () => ws.terminate());
  });

  async function control(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake');
    if (request.method !== 'POST' || !url.pathname.startsWith('/__control/')) return reply(response, 404, {});
    let size = 0;
    const chunks: Buffer[] = [];
    for await (const chunk of request) {
      size += (chunk as Buffer).length;
      if (size > MAX_FRAME_BYTES) return reply(response, 413, { error: 'Body too large' });
      chunks.push(chunk as Buffer);
    }
    let body: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        throw new Error('not an object');
      body = parsed as Record<string, unknown>;
    } catch {
      return reply(response, 400, { error: 'Body must be a JSON object' });
    }
    try {
      const name = url.pathname.slice('/__control/'.length);
      if (name === 'price') handle.setPrice(String(body.symbol), String(body.exchange), Number(body.price));
      else if (name === 'user') handle.addUser(body as unknown as FakeRithmicUser);
      else if (name === 'account') handle.addAccount(body as unknown as FakeRithmicAccount);
      else if (name === 'faults') handle.setFaults(body as Partial<FakeRithmicFaults>);
      else if (name === 'clear-faults') handle.clearFaults();
      else if (name === 'force-logout')
        handle.forceLogout(
          String(body.user),
          body.plant === 'order' || body.plant === 'pnl' ? body.plant : undefined,
        );
      else return reply(response, 404, { error: `Unknown control ${name}` });
    } catch (error) {
      return reply(response, 400, { error: (error as Error).message });
    }
    reply(response, 200, { ok: true });
  }

  const handle: FakeRithmic = {
    url: '',
    addUser(user) {
      if (typeof user.user !== 'string' || typeof user.password !== 'string' || user.user === '')
        throw new Error('Fake Rithmic: a user needs user and password');
      if (!users.has(user.user) && users.size >= CAPS.usersPerFake)
        throw new Error('Fake Rithmic: too many users');
      users.set(user.user, { ...user });
    },
    addAccount(account) {
      if (!users.has(account.user)) throw new Error(`Fake Rithmic: unknown user ${account.user}`);
      const owned = [...venue.accounts.values()].filter((a) => a.user === account.user).length;
      if (owned >= CAPS.accountsPerUser) throw new Error('Fake Rithmic: too many accounts');
      const full: FakeRithmicAccount = {
        name: account.accountId,
        balance: 50_000,
        currency: 'USD',
        closedPnl: 0,
        ...account,
      };
      venue.accounts.set(full.accountId, full);
      return full;
    },
    setPrice: (symbol, exchange, price) => venue.setPrice(symbol, exchange, price),
    setFaults(next) {
      Object.assign(faults, next);
      if (faults.disconnectAll) {
        faults.disconnectAll = false;
        for (const s of sessions) s.close(1001, 'gateway going away');
      }
    },
    clearFaults() {
      Object.assign(faults, noFaults());
    },
    forceLogout(user, plant) {
      for (const s of sessions)
        if (s.user?.user === user && (plant === undefined || s.plant === plant)) forceOut(s);
    },
    placeByHand(order) {
      if (!venue.accounts.has(order.accountId))
        throw new Error(`Fake Rithmic: unknown account ${order.accountId}`);
      const accepted = venue.accept({
        userTag: null,
        accountId: order.accountId,
        symbol: order.symbol,
        exchange: order.exchange,
        qty: order.qty,
        side: order.side,
        priceType: order.priceType,
        price: order.price ?? null,
        triggerPrice: order.triggerPrice ?? null,
        manualOrAuto: 'MANUAL',
        tradeRoute: gateway.routes.get(order.exchange) ?? 'simulator',
        duration: 1,
        ...(order.trailTicks === undefined ? {} : { trail: { ticks: order.trailTicks, priceId: 1 } }),
      });
      if (!('order' in accepted))
        throw new Error(`Fake Rithmic: order refused (${accepted.refused.join(' ')})`);
      venue.open(accepted.order);
      return accepted.order.basketId;
    },
    modifyByHand(basketId, change) {
      const order = venue.order(basketId);
      const refused = order ? venue.modify(order, change) : ['5', 'no such order'];
      if (refused) throw new Error(`Fake Rithmic: modify refused (${refused.join(' ')})`);
    },
    cancelByHand(basketId) {
      const order = venue.order(basketId);
      const refused = order ? venue.cancel(order) : ['5', 'no such order'];
      if (refused) throw new Error(`Fake Rithmic: cancel refused (${refused.join(' ')})`);
    },
    world: {
      orders: () => venue.orders.map((o) => publicOrder(o)),
      position(accountId, symbol) {
        const { netQty, avgPrice } = venue.position(accountId, symbol);
        return { netQty, avgPrice };
      },
      requests: (templateId) => gateway.counts.get(templateId) ?? 0,
      order(basketId) {
        const order = venue.order(basketId);
        return order && publicOrder(order);
      },
    },
    async close() {
      for (const s of sessions) {
        s.stop();
        s.ws.terminate();
      }
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  handle.url = `ws://${options.host ?? '127.0.0.1'}:${port}`;
  return handle;
}

function publicOrder(o: FakeRithmicOrder): FakeRithmicOrder {
  return {
    basketId: o.basketId,
    userTag: o.userTag,
    accountId: o.accountId,
    symbol: o.symbol,
    exchange: o.exchange,
    side: o.side,
    qty: o.qty,
    priceType: o.priceType,
    price: o.price,
    triggerPrice: o.triggerPrice,
    manualOrAuto: o.manualOrAuto,
    tradeRoute: o.tradeRoute,
    status: o.status,
    completionReason: o.completionReason,
    filledQty: o.filledQty,
    avgFillPrice: o.avgFillPrice,
    linkedBasketIds: [...o.linkedBasketIds],
    trailTicks: o.trailTicks,
    ...(o.atHr === undefined ? {} : { atHr: o.atHr }),
  };
}

function toBuffer(data: Buffer | ArrayBuffer | Buffer[]): Buffer {
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.isBuffer(data) ? data : Buffer.from(data);
}

function reply(response: ServerResponse, status: number, body: object): void {
  if (response.headersSent) return;
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}
