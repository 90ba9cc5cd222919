import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeRithmic, type FakeRithmic } from '../../../fakes/rithmic/server';
import { PaperAuthorizations } from '../../../src/brokers/paper/authorizations';
import { createPaperAdapter } from '../../../src/brokers/paper/adapter';
import type { PaperSession } from '../../../src/brokers/paper/session';
import { PaperVenue } from '../../../src/brokers/paper/venue';
import { createRithmicAdapter } from '../../../src/brokers/rithmic/index';
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
import { MixedDirectory } from '../../projectx/support/mixed-directory';
import { TEST_TIMINGS } from './rithmic-world';

const year = new Date().getUTCFullYear() % 10;
export const SYMBOL = `ESZ${year}`;
export const CROSS_SYMBOL = `MESZ${year}`;
const EXCHANGE = 'CME';
const GATEWAY = 'Rithmic Test';
const SYSTEM = 'Rithmic Paper Trading';

/** Where an account trades: a Rithmic account at the fake gateway, or a paper account at the sim venue. */
export type Place = { broker: 'rithmic'; accountId: string } | { broker: 'sim'; externalId: string };

export interface RigAccount {
  id: number;
  place: Place;
}

export type { VenueWorkingOrder } from '../../copier/support/venue-group-rig';

/**
 * A copy group across Rithmic and the paper broker: Rithmic logins `lead` and `follow` on the fake R|Protocol
 * gateway over real sockets (its request budget on), a paper login on the in-process sim venue, and the engine on
 * the server's store for this database. The leader trades by hand at its own venue (on Rithmic, as another
 * platform of the same login would: no `user_tag`, MANUAL).
 */
export class RithmicRig extends VenueGroupRig<RigAccount> {
  private traderSession: PaperSession | undefined;

  private constructor(
    readonly fake: FakeRithmic,
    readonly sim: PaperVenue,
    private readonly paperAdapter: BrokerAdapter,
    private readonly paperLogin: string,
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
   * `leaderOn` picks the leader's broker. Followers: the other broker's account, two accounts of a second
   * Rithmic login, and one Rithmic account switched off for good (it must never receive an order).
   */
  static async start(
    db: Db,
    leaderOn: 'rithmic' | 'sim',
    settings: Array<Partial<EngineAccount>>,
  ): Promise<RithmicRig> {
    const fake = await startFakeRithmic({ heartbeatSeconds: 2 });
    fake.addUser({ user: 'lead', password: 'pw-lead' });
    fake.addUser({ user: 'follow', password: 'pw-follow' });
    for (const accountId of ['L-1', 'L-2']) fake.addAccount({ user: 'lead', accountId });
    for (const accountId of ['F-1', 'F-2', 'F-3']) fake.addAccount({ user: 'follow', accountId });
    for (const symbol of [SYMBOL, CROSS_SYMBOL]) fake.setPrice(symbol, EXCHANGE, 6000);
    const sim = new PaperVenue({ seed: 7, tickMs: null });
    for (const symbol of [SYMBOL, CROSS_SYMBOL]) sim.setPrice(symbol, 6000);
    const login = String(100000 + Math.floor(Math.random() * 800000));
    const paperIds = sim.ensureAccounts(login, 2).map((account) => account.externalId);
    const paperAdapter = createPaperAdapter({
      publicUrl: 'http://localhost',
      venue: sim,
      authorizations: new PaperAuthorizations(),
    });
    const rithmic = createRithmicAdapter({
      settings: {
        gateways: [{ name: GATEWAY, environment: 'demo', url: fake.url }],
        appName: 'test:SyncTrade',
        appVersion: '1.0',
      },
      timings: TEST_TIMINGS,
      warn: () => undefined,
    });

    const rows = await insertRows(db);
    const directory = new MixedDirectory();
    for (const [connectionId, user, password] of [
      [rows.leadConnection, 'lead', 'pw-lead'],
      [rows.followConnection, 'follow', 'pw-follow'],
    ] as const) {
      const connected = await rithmic.connectWithLogin!({
        userName: user,
        password,
        systemName: SYSTEM,
        gateway: GATEWAY,
        environment: 'demo',
      });
      directory.addConnection(connectionId, rithmic, connected.credentials);
    }
    directory.addConnection(rows.paperConnection, paperAdapter, { accessToken: `sim:${login}:2` });

    const lead = { place: { broker: 'rithmic', accountId: 'L-1' }, connectionId: rows.leadConnection };
    const paper = (index: number) => ({
      place: { broker: 'sim', externalId: paperIds[index]! },
      connectionId: rows.paperConnection,
    });
    const follow = (accountId: string) => ({
      place: { broker: 'rithmic', accountId },
      connectionId: rows.followConnection,
    });
    const places = [
      leaderOn === 'rithmic' ? lead : paper(0),
      leaderOn === 'rithmic' ? paper(1) : lead,
      follow('F-1'),
      follow('F-2'),
      follow('F-3'),
    ] as Array<{ place: Place; connectionId: number }>;
    const accounts = await seatAccounts(
      db,
      directory,
      rows.userId,
      places.map(({ place, connectionId }) => ({
        place,
        connectionId,
        externalId: place.broker === 'sim' ? place.externalId : place.accountId,
        broker: place.broker,
      })),
      settings,
    );
    const journalDir = mkdtempSync(path.join(tmpdir(), 'rithmic-journal-'));
    const rig = new RithmicRig(
      fake,
      sim,
      paperAdapter,
      login,
      db,
      directory,
      rows.userId,
      accounts[0]!,
      accounts.slice(1),
      journalDir,
    );
    directory.engineView = (externalId) =>
      [...rig.engine.accounts.values()].find((a) => a.externalId === externalId);
    await rig.engine.start();
    return rig;
  }

  /** The net position the venue itself holds (not what any session believes). */
  held(account: RigAccount, symbol: string): number {
    if (account.place.broker === 'rithmic')
      return this.fake.world.position(account.place.accountId, symbol).netQty;
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

  private async leaderPlace(
    side: OrderSide,
    qty: number,
    order: { type: 'Market' } | { type: 'Limit' | 'Stop'; price: number },
  ): Promise<void> {
    const { place } = this.leader;
    if (place.broker === 'rithmic') {
      this.fake.placeByHand({
        accountId: place.accountId,
        symbol: SYMBOL,
        exchange: EXCHANGE,
        side,
        qty,
        priceType: order.type === 'Market' ? 'MARKET' : order.type === 'Limit' ? 'LIMIT' : 'STOP_MARKET',
        ...(order.type === 'Limit' ? { price: order.price } : {}),
        ...(order.type === 'Stop' ? { triggerPrice: order.price } : {}),
      });
      return;
    }
    await (
      await this.trader()
    ).placeOrder({
      accountExternalId: place.externalId,
      clientOrderId: '',
      symbol: SYMBOL,
      side,
      qty,
      type: order.type,
      ...(order.type === 'Limit' ? { price: order.price } : {}),
      ...(order.type === 'Stop' ? { stopPrice: order.price } : {}),
    });
  }

  /** A paper leader's market entry with its bracket (a stop loss and a take profit, linked once it fills). */
  async leaderBracket(side: OrderSide, qty: number, stopLoss: number, takeProfit: number): Promise<void> {
    const { place } = this.leader;
    if (place.broker !== 'sim') throw new Error('Brackets by hand are placed on a paper leader');
    await (
      await this.trader()
    ).placeOrder({
      accountExternalId: place.externalId,
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
    if (place.broker === 'rithmic') {
      this.fake.modifyByHand(
        order.orderId,
        order.type === 'Limit' ? { qty, price } : { qty, triggerPrice: price },
      );
      return;
    }
    await (
      await this.trader()
    ).modifyOrder({
      accountExternalId: place.externalId,
      orderId: order.orderId,
      qty,
      type: order.type,
      ...(order.type === 'Limit' ? { price } : { stopPrice: price }),
    });
  }

  /** The leader cancels a resting order by hand. */
  async leaderUnwork(order: VenueWorkingOrder): Promise<void> {
    const { place } = this.leader;
    if (place.broker === 'rithmic') this.fake.cancelByHand(order.orderId);
    else await (await this.trader()).cancelOrder(place.externalId, order.orderId);
  }

  /** The leader closes everything by hand. */
  async leaderFlat(): Promise<void> {
    const net = this.held(this.leader, SYMBOL);
    if (net !== 0) await this.leaderTrade(net > 0 ? 'sell' : 'buy', Math.abs(net));
  }

  /** The resting orders an account has at its venue (not what any session believes). */
  workingAt(account: RigAccount): VenueWorkingOrder[] {
    const { place } = account;
    if (place.broker === 'rithmic')
      return this.fake.world
        .orders()
        .filter((o) => o.accountId === place.accountId && o.status === 'open' && o.priceType !== 'MARKET')
        .map((o) => ({
          orderId: o.basketId,
          clientOrderId: o.userTag,
          side: o.side,
          type: o.priceType === 'LIMIT' ? ('Limit' as const) : ('Stop' as const),
          qty: o.qty - o.filledQty,
          price: (o.priceType === 'LIMIT' ? o.price : o.triggerPrice) ?? NaN,
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

  async close(): Promise<void> {
    await this.stopEngine();
    await this.traderSession?.close();
    await this.fake.close();
  }

  private async trader(): Promise<PaperSession> {
    this.traderSession ??= (await this.paperAdapter.openSession({
      connectionId: 999,
      environment: 'demo',
      credentials: { accessToken: `sim:${this.paperLogin}:2` },
    })) as PaperSession;
    return this.traderSession;
  }

  protected venueActivity(): string {
    return `${this.fake.world.orders().length}/${this.fake.world.requests(312)}`;
  }
}

async function insertRows(db: Db): Promise<{
  userId: number;
  leadConnection: number;
  followConnection: number;
  paperConnection: number;
}> {
  const userId = await insertTrader(db, 'rithmic');
  return {
    userId,
    leadConnection: await insertConnection(db, userId, 'rithmic', 'Lead login'),
    followConnection: await insertConnection(db, userId, 'rithmic', 'Follow login'),
    paperConnection: await insertConnection(db, userId, 'sim', 'Paper login'),
  };
}
