import { fakeHosts } from './fake-hosts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createProjectXAdapter } from '../../../src/brokers/projectx/index';
import { toContractId } from '../../../src/brokers/projectx/symbols';
import { clientOrderIdOf } from '../../../src/brokers/projectx/tags';
import { PaperAuthorizations } from '../../../src/brokers/paper/authorizations';
import { createPaperAdapter } from '../../../src/brokers/paper/adapter';
import type { PaperSession } from '../../../src/brokers/paper/session';
import { PaperVenue } from '../../../src/brokers/paper/venue';
import type { BrokerAdapter, OrderSide } from '../../../src/brokers/types';
import type { EngineAccount } from '../../../src/copier/engine/types';
import type { Db } from '../../../src/db/db';
import {
  insertConnection,
  insertTrader,
  seatAccounts,
  VenueGroupRig,
  type VenueWorkingOrder,
} from '../../copier/support/venue-group-rig';
import { OrderStatus, OrderType } from '../../../fakes/projectx/model';
import { startFakeProjectX, type FakeProjectX } from '../../../fakes/projectx/server';
import { startFakeTradovate, type FakeTradovate } from '../../../fakes/tradovate/server';
import { createTradovateAdapter } from '../../../src/brokers/tradovate';
import { MixedDirectory } from './mixed-directory';

const year = new Date().getUTCFullYear() % 10;
export const SYMBOL = `ESZ${year}`;
export const CROSS_SYMBOL = `MESZ${year}`;

/** Where an account trades: a ProjectX or Tradovate account id at its fake, or a paper account at the sim venue. */
export type Place =
  | { broker: 'projectx'; accountId: number }
  | { broker: 'sim'; externalId: string }
  | { broker: 'tradovate'; accountId: number };

export type { VenueWorkingOrder } from '../../copier/support/venue-group-rig';

/** Working orders as sorted [type, side, quantity, price] rows, to compare legs whatever their ids. */
export const legsOf = (orders: readonly VenueWorkingOrder[]): Array<[string, string, number, number]> =>
  orders.map((o): [string, string, number, number] => [o.type, o.side, o.qty, o.price]).sort();

export interface RigAccount {
  id: number;
  place: Place;
}

const RIG_TIMINGS = {
  requestTimeoutMs: 1_000,
  reconnectDelaysMs: [0, 50, 100, 200],
  hubKeepAliveMs: 200,
  hubServerTimeoutMs: 2_000,
  // Dropped pushes are read back by the sessions' periodic REST check, not only by a reconnect.
  missedEventsCheckMs: Number(process.env.PROJECTX_RIG_CHECK_MS ?? 300),
  missedEventsConfirmMs: Number(process.env.PROJECTX_RIG_CONFIRM_MS ?? 100),
};

/**
 * A copy group mixing brokers: ProjectX logins `lead` (leader or its first follower) and `follow` on the
 * fake gateway over real sockets, a Tradovate login on the fake Tradovate, and a paper login on the
 * in-process sim venue; the engine on the server's
 * store for this database. Leader trades are made by hand at the leader's venue.
 */
export class MixedRig extends VenueGroupRig<RigAccount> {
  private traderSession: PaperSession | undefined;
  paperLogin = '';

  private constructor(
    readonly fake: FakeProjectX,
    readonly tradovate: FakeTradovate,
    readonly sim: PaperVenue,
    readonly paperAdapter: BrokerAdapter,
    db: Db,
    directory: MixedDirectory,
    userId: number,
    leader: RigAccount,
    followers: RigAccount[],
    journalDir: string,
  ) {
    super(db, directory, userId, leader, followers, journalDir, { symbol: SYMBOL, cross: CROSS_SYMBOL });
  }

  /**
   * `leaderOn` picks the leader's broker; followers: the other broker's account (paper or ProjectX), a
   * second ProjectX login's account, a Tradovate account on the fake Tradovate, and one ProjectX account
   * switched off for good.
   */
  static async start(
    db: Db,
    leaderOn: 'projectx' | 'sim',
    settings: Array<Partial<EngineAccount>>,
  ): Promise<MixedRig> {
    // The request window is lifted (as the Tradovate one below): checks every 200 ms would spend a real
    // login's 200 requests per minute in seconds, and the budget is not what this rig proves.
    const fake = await startFakeProjectX({ pingMs: 200, rateLimit: 100_000 });
    fake.addUser({ userName: 'lead', apiKey: 'k-lead' });
    fake.addUser({ userName: 'follow', apiKey: 'k-follow' });
    for (const id of [100, 101]) fake.addAccount({ id, userName: 'lead', maxContracts: 40 });
    for (const id of [200, 201]) fake.addAccount({ id, userName: 'follow', maxContracts: 40 });
    for (const symbol of [SYMBOL, CROSS_SYMBOL]) fake.setPrice(toContractId(symbol), 6000);
    const sim = new PaperVenue({ seed: 7, tickMs: null });
    for (const symbol of [SYMBOL, CROSS_SYMBOL]) sim.setPrice(symbol, 6000);
    const login = String(100000 + Math.floor(Math.random() * 800000));
    sim.ensureAccounts(login, 4);
    const tradovate = await startFakeTradovate({ heartbeatMs: 200 });
    const tvUser = tradovate.control.addUser('Tess Tradovate', [{ name: 'TV-FOLLOW', balance: 50_000 }]);
    for (const symbol of [SYMBOL, CROSS_SYMBOL]) tradovate.control.setPrice(symbol, 6000);
    const tvAdapter = createTradovateAdapter({
      publicUrl: 'http://127.0.0.1:9',
      env: {
        TRADOVATE_CLIENT_ID: 'rig',
        TRADOVATE_CLIENT_SECRET: 'rig',
        TRADOVATE_REQUESTS_PER_MINUTE: '100000',
        ...tradovate.env,
      },
      timings: {
        requestTimeoutMs: 1_000,
        reconnectBaseMs: 50,
        reconnectMaxMs: 400,
        heartbeatMs: 200,
        serverSilenceMs: 2_000,
      },
    });
    const paperAdapter = createPaperAdapter({
      publicUrl: 'http://localhost',
      venue: sim,
      authorizations: new PaperAuthorizations(),
    });
    // Brackets and linked pairs the adapter keeps live in the database, as on the server.
    const pxAdapter = createProjectXAdapter({
      timings: RIG_TIMINGS,
      hosts: fakeHosts(fake),
      gatewayRequestsPerWindow: 100_000,
      db,
    });

    const rows = await insertRows(db);
    const directory = new MixedDirectory();
    for (const [connectionId, userName, apiKey] of [
      [rows.leadConnection, 'lead', 'k-lead'],
      [rows.followConnection, 'follow', 'k-follow'],
    ] as const) {
      const connected = await pxAdapter.connectWithApiKey!({
        userName,
        apiKey,
        environment: 'demo',
        restUrl: fake.restUrl,
        hubUrl: fake.hubUrl,
      });
      directory.addConnection(connectionId, pxAdapter, connected.credentials);
    }
    directory.addConnection(rows.paperConnection, paperAdapter, { accessToken: `sim:${login}:4` });
    const tvToken = tradovate.control.issueToken(tvUser.userId);
    directory.addConnection(rows.tradovateConnection, tvAdapter, {
      accessToken: tvToken.accessToken,
      expiresAt: tvToken.expiresAt,
      brokerUserId: String(tvUser.userId),
    });
    const tvAccount = tvUser.accounts[0]!.id;
    const paperIds = sim.ensureAccounts(login, 4).map((account) => account.externalId);

    const places: Array<{ place: Place; connectionId: number }> = [
      leaderOn === 'projectx'
        ? { place: { broker: 'projectx', accountId: 100 }, connectionId: rows.leadConnection }
        : { place: { broker: 'sim', externalId: paperIds[0]! }, connectionId: rows.paperConnection },
      leaderOn === 'projectx'
        ? { place: { broker: 'sim', externalId: paperIds[1]! }, connectionId: rows.paperConnection }
        : { place: { broker: 'projectx', accountId: 100 }, connectionId: rows.leadConnection },
      { place: { broker: 'projectx', accountId: 200 }, connectionId: rows.followConnection },
      { place: { broker: 'tradovate', accountId: tvAccount }, connectionId: rows.tradovateConnection },
      { place: { broker: 'projectx', accountId: 201 }, connectionId: rows.followConnection },
    ];
    const accounts = await seatAccounts(
      db,
      directory,
      rows.userId,
      places.map(({ place, connectionId }) => ({
        place,
        connectionId,
        externalId: place.broker === 'sim' ? place.externalId : String(place.accountId),
        broker: place.broker,
      })),
      settings,
    );
    const journalDir = mkdtempSync(path.join(tmpdir(), 'px-journal-'));
    const rig = new MixedRig(
      fake,
      tradovate,
      sim,
      paperAdapter,
      db,
      directory,
      rows.userId,
      accounts[0]!,
      accounts.slice(1),
      journalDir,
    );
    rig.paperLogin = login;
    directory.engineView = (externalId) =>
      [...rig.engine.accounts.values()].find((a) => a.externalId === externalId);
    await rig.engine.start();
    return rig;
  }

  /** The net position the venue itself holds (not what any session believes). */
  held(account: RigAccount, symbol: string): number {
    if (account.place.broker === 'projectx')
      return this.fake.venue.netOf(account.place.accountId, toContractId(symbol));
    if (account.place.broker === 'tradovate')
      return this.tradovate.control.netPosition(account.place.accountId, symbol);
    return this.sim.account(account.place.externalId).positions.get(symbol)?.netPos ?? 0;
  }

  /** A trade by hand on the leader's own platform. */
  leaderTrade(side: OrderSide, qty: number): Promise<void> {
    return this.leaderPlace(side, qty, { type: 'Market' });
  }

  /** A resting order placed by hand on the leader's platform. */
  leaderWork(side: OrderSide, type: 'Limit' | 'Stop', qty: number, price: number): Promise<void> {
    return this.leaderPlace(side, qty, { type, price });
  }

  /**
   * A join order by hand on a ProjectX leader's platform: JoinBid (6) to buy, JoinAsk (7) to sell, no price; it rests
   * at the best bid or ask. Answers the price it rests at.
   */
  leaderJoin(side: OrderSide, qty: number): number {
    const { place } = this.leader;
    if (place.broker !== 'projectx') throw new Error('Join orders are placed on a ProjectX leader');
    const placed = this.fake.venue.place({
      accountId: place.accountId,
      contractId: toContractId(SYMBOL),
      type: side === 'buy' ? OrderType.JoinBid : OrderType.JoinAsk,
      side: side === 'buy' ? 0 : 1,
      size: qty,
    });
    if (!('orderId' in placed)) throw new Error(`The fake refused the leader's join: ${placed.errorMessage}`);
    return this.fake.venue.orders.get(placed.orderId)?.limitPrice ?? NaN;
  }

  /** An order by hand at the leader's venue: on the fake gateway itself, or through a paper trader session. */
  private async leaderPlace(
    side: OrderSide,
    qty: number,
    order: { type: 'Market' } | { type: 'Limit' | 'Stop'; price: number },
  ): Promise<void> {
    const { place } = this.leader;
    const limit = order.type === 'Limit' ? order.price : undefined;
    const stop = order.type === 'Stop' ? order.price : undefined;
    if (place.broker === 'projectx') {
      const placed = this.fake.venue.place({
        accountId: place.accountId,
        contractId: toContractId(SYMBOL),
        type: OrderType[order.type],
        side: side === 'buy' ? 0 : 1,
        size: qty,
        ...(limit === undefined ? {} : { limitPrice: limit }),
        ...(stop === undefined ? {} : { stopPrice: stop }),
      });
      if (!('orderId' in placed))
        throw new Error(`The fake refused the leader's order: ${placed.errorMessage}`);
      return;
    }
    await (
      await this.trader()
    ).placeOrder({
      accountExternalId: this.leaderSim(),
      clientOrderId: '',
      symbol: SYMBOL,
      side,
      qty,
      type: order.type,
      ...(limit === undefined ? {} : { price: limit }),
      ...(stop === undefined ? {} : { stopPrice: stop }),
    });
  }

  /** A stop-limit or a trailing stop by hand on the paper leader's platform (the paper ticket's own types). */
  async leaderOwnType(
    side: OrderSide,
    qty: number,
    order:
      | { venueType: 'StopLimit'; stopPrice: number; price: number }
      | { venueType: 'TrailingStop'; trail: number },
  ): Promise<void> {
    await (
      await this.trader()
    ).placeOrder({
      accountExternalId: this.leaderSim(),
      clientOrderId: '',
      symbol: SYMBOL,
      side,
      qty,
      type: 'Stop',
      ...order,
    });
  }

  /**
   * A market entry with a stop loss and a take profit, by hand on the leader's platform: on ProjectX the gateway's
   * own bracket (`stopLossBracket` / `takeProfitBracket` in signed ticks from the fill), whose legs it creates
   * when the entry fills.
   */
  async leaderBracket(side: OrderSide, qty: number, stopLoss: number, takeProfit: number): Promise<void> {
    const { place } = this.leader;
    if (place.broker === 'projectx') {
      const contractId = toContractId(SYMBOL);
      const contract = this.fake.venue.contracts.get(contractId);
      const last = this.fake.venue.price(contractId);
      if (contract === undefined) throw new Error(`The fake lists no ${SYMBOL}`);
      const ticks = (price: number): number => Math.round((price - last) / contract.tickSize);
      const placed = this.fake.venue.place({
        accountId: place.accountId,
        contractId,
        type: OrderType.Market,
        side: side === 'buy' ? 0 : 1,
        size: qty,
        stopLossBracket: { ticks: ticks(stopLoss), type: OrderType.Stop },
        takeProfitBracket: { ticks: ticks(takeProfit), type: OrderType.Limit },
      });
      if (!('orderId' in placed))
        throw new Error(`The fake refused the leader's bracket: ${placed.errorMessage}`);
      return;
    }
    await (
      await this.trader()
    ).placeOrder({
      accountExternalId: this.leaderSim(),
      clientOrderId: '',
      symbol: SYMBOL,
      side,
      qty,
      type: 'Market',
      bracket: { stopLoss, takeProfit },
    });
  }

  /** The leader changes a resting order by hand (size and price). */
  async leaderRework(order: VenueWorkingOrder, qty: number, price: number): Promise<void> {
    const { place } = this.leader;
    const prices = order.type === 'Limit' ? { limitPrice: price } : { stopPrice: price };
    if (place.broker === 'projectx') {
      const code = this.fake.venue.modify(place.accountId, Number(order.orderId), { size: qty, ...prices });
      if (code !== 0) throw new Error(`The fake refused the leader's modify: ${code}`);
      return;
    }
    await (
      await this.trader()
    ).modifyOrder({
      accountExternalId: this.leaderSim(),
      orderId: order.orderId,
      qty,
      type: order.type,
      ...(order.type === 'Limit' ? { price } : { stopPrice: price }),
    });
  }

  /** The leader cancels a resting order by hand. */
  async leaderUnwork(order: VenueWorkingOrder): Promise<void> {
    const { place } = this.leader;
    if (place.broker === 'projectx') this.fake.venue.cancel(place.accountId, Number(order.orderId));
    else await (await this.trader()).cancelOrder(this.leaderSim(), order.orderId);
  }

  /** The resting orders an account has at its venue (not what any session believes). */
  workingAt(account: RigAccount): VenueWorkingOrder[] {
    const { place } = account;
    if (place.broker === 'projectx')
      return [...this.fake.venue.orders.values()]
        .filter(
          (o) =>
            o.accountId === place.accountId &&
            (o.status === OrderStatus.Open || o.status === OrderStatus.Pending) &&
            o.type !== OrderType.Market,
        )
        .map((o) => ({
          orderId: String(o.id),
          clientOrderId: clientOrderIdOf(o.customTag),
          side: o.side === 0 ? ('buy' as const) : ('sell' as const),
          type: o.type === OrderType.Limit ? ('Limit' as const) : ('Stop' as const),
          qty: o.size - o.fillVolume,
          price: (o.type === OrderType.Limit ? o.limitPrice : o.stopPrice) ?? NaN,
        }));
    if (place.broker === 'tradovate')
      return this.tradovate.control
        .orders()
        .filter(
          (o) =>
            o.accountId === place.accountId &&
            (o.ordStatus === 'Working' || o.ordStatus === 'PendingNew' || o.ordStatus === 'Suspended') &&
            o.orderType !== 'Market',
        )
        .map((o) => ({
          orderId: String(o.id),
          clientOrderId: o.clOrdId,
          side: o.action === 'Buy' ? ('buy' as const) : ('sell' as const),
          type: o.orderType === 'Limit' ? ('Limit' as const) : ('Stop' as const),
          qty: o.orderQty - o.cumQty,
          price: (o.orderType === 'Limit' ? o.price : o.stopPrice) ?? NaN,
        }));
    return this.sim
      .workingOrders([place.externalId])
      .filter((o) => o.type !== 'Market')
      .map((o) => ({
        orderId: o.orderId,
        clientOrderId: o.clientOrderId,
        side: o.side,
        type: o.type === 'Limit' ? ('Limit' as const) : ('Stop' as const),
        qty: o.qty - o.filledQty,
        price: (o.type === 'Limit' ? o.price : o.stopPrice) ?? NaN,
      }));
  }

  private leaderSim(): string {
    const { place } = this.leader;
    if (place.broker !== 'sim') throw new Error('The leader trades on ProjectX or paper');
    return place.externalId;
  }

  private async trader(): Promise<PaperSession> {
    this.traderSession ??= (await this.paperAdapter.openSession({
      connectionId: 999,
      environment: 'demo',
      credentials: { accessToken: `sim:${this.paperLogin}:4` },
    })) as PaperSession;
    return this.traderSession;
  }

  /**
   * Waits until the ProjectX sessions compared their state with the gateway by REST several times (the
   * periodic check for dropped pushes reads every account's trades), counted at the fake.
   */
  async checkedByRest(): Promise<void> {
    const tradeReads = (): number => this.fake.world.calls['Trade/search'] ?? 0;
    // Two logins of two accounts each: 16 reads are at least a few checks of each session.
    const wanted = tradeReads() + 16;
    const deadline = Date.now() + 30_000;
    while (tradeReads() < wanted) {
      if (Date.now() > deadline) throw new Error('The ProjectX sessions stopped checking by REST');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** The leader closes everything by hand. */
  async leaderFlat(): Promise<void> {
    const { place } = this.leader;
    if (place.broker === 'projectx') {
      this.fake.venue.closeContract(place.accountId, toContractId(SYMBOL));
      return;
    }
    const net = this.held(this.leader, SYMBOL);
    if (net !== 0) await this.leaderTrade(net > 0 ? 'sell' : 'buy', Math.abs(net));
  }

  async close(): Promise<void> {
    await this.stopEngine();
    await this.traderSession?.close();
    await this.fake.close();
    await this.tradovate.close();
  }

  protected venueActivity(): string {
    return `${this.fake.venue.orders.size}/${this.fake.venue.trades.length}/${this.fake.world.requests}`;
  }
}

async function insertRows(db: Db): Promise<{
  userId: number;
  leadConnection: number;
  followConnection: number;
  paperConnection: number;
  tradovateConnection: number;
}> {
  const userId = await insertTrader(db, 'px');
  return {
    userId,
    leadConnection: await insertConnection(db, userId, 'projectx', 'Lead login'),
    followConnection: await insertConnection(db, userId, 'projectx', 'Follow login'),
    paperConnection: await insertConnection(db, userId, 'sim', 'Paper login'),
    tradovateConnection: await insertConnection(db, userId, 'tradovate', 'Tradovate login'),
  };
}
