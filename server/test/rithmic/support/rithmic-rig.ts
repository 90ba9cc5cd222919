import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { startFakeRithmic, type FakeRithmic } from '../../../fakes/rithmic/server';
import { PaperAuthorizations } from '../../../src/brokers/paper/authorizations';
import { createPaperAdapter } from '../../../src/brokers/paper/adapter';
import type { PaperSession } from '../../../src/brokers/paper/session';
import { PaperVenue } from '../../../src/brokers/paper/venue';
import { createRithmicAdapter } from '../../../src/brokers/rithmic/index';
import type { BrokerAdapter, BrokerSession, OrderSide } from '../../../src/brokers/types';
import { CopyEngine } from '../../../src/copier/engine/engine';
import type { CopyStore } from '../../../src/copier/engine/ports';
import { DEFAULT_RISK, type EngineAccount } from '../../../src/copier/engine/types';
import { JournaledCopyStore } from '../../../src/copier/store/journaled-store';
import { SqlCopyStore } from '../../../src/copier/store/sql-store';
import type { Db } from '../../../src/db/db';
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

/** A resting order as the venue itself holds it. */
export interface VenueWorkingOrder {
  orderId: string;
  clientOrderId: string | null;
  side: OrderSide;
  type: 'Limit' | 'Stop';
  /** Contracts not filled yet. */
  qty: number;
  price: number;
}

/**
 * A copy group across Rithmic and the paper broker: Rithmic logins `lead` and `follow` on the fake R|Protocol
 * gateway over real sockets (its request budget on), a paper login on the in-process sim venue, and the engine on
 * the server's store for this database. The leader trades by hand at its own venue (on Rithmic, as another
 * platform of the same login would: no `user_tag`, MANUAL).
 */
export class RithmicRig {
  engine: CopyEngine;
  store: CopyStore;
  readonly log: string[] = [];
  private traderSession: PaperSession | undefined;

  private constructor(
    readonly fake: FakeRithmic,
    readonly sim: PaperVenue,
    private readonly paperAdapter: BrokerAdapter,
    private readonly paperLogin: string,
    readonly db: Db,
    readonly directory: MixedDirectory,
    readonly userId: number,
    readonly leader: RigAccount,
    readonly followers: RigAccount[],
    private readonly journalDir: string,
  ) {
    this.store = this.newStore();
    this.engine = this.newEngine();
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
    const base = {
      userId: rows.userId,
      ratio: 1,
      cross: false,
      autoSync: true,
      enabled: true,
      risk: { ...DEFAULT_RISK },
    };
    const accounts: RigAccount[] = [];
    for (const [index, { place, connectionId }] of places.entries()) {
      const externalId = place.broker === 'sim' ? place.externalId : place.accountId;
      const id = await insertAccount(db, rows.userId, connectionId, externalId, index);
      accounts.push({ id, place });
      const follower = index > 0;
      const own = index === places.length - 1 ? { enabled: false } : (settings[index - 1] ?? {});
      directory.accounts.push({
        ...base,
        ...(follower ? own : {}),
        id,
        connectionId,
        externalId,
        name: `${place.broker}-${externalId}`,
        isLeader: !follower,
        isFollower: follower,
      });
    }
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

  account(id: number): EngineAccount {
    return this.directory.account(id);
  }

  symbolOf(id: number): string {
    return this.account(id).cross ? CROSS_SYMBOL : SYMBOL;
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

  async restart(): Promise<void> {
    await this.engine.stop();
    await this.store.flush();
    this.store = this.newStore();
    this.engine = this.newEngine();
    await this.engine.start();
  }

  /** Every session is up, its positions are the venue's, the engine has nothing left, and a round changed nothing. */
  async settle(): Promise<void> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const before = this.activity();
      while (!(await this.caughtUp())) {
        if (Date.now() > deadline) throw new Error('The sessions did not catch up with the venues');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await this.engine.idle(this.userId);
      await new Promise((resolve) => setTimeout(resolve, 30));
      if (this.activity() === before && (await this.caughtUp())) return;
      if (Date.now() > deadline) throw new Error('The copy group did not settle');
    }
  }

  async close(): Promise<void> {
    await this.engine.stop();
    await this.store.flush();
    await this.traderSession?.close();
    await this.fake.close();
    rmSync(this.journalDir, { recursive: true, force: true });
  }

  private async trader(): Promise<PaperSession> {
    this.traderSession ??= (await this.paperAdapter.openSession({
      connectionId: 999,
      environment: 'demo',
      credentials: { accessToken: `sim:${this.paperLogin}:2` },
    })) as PaperSession;
    return this.traderSession;
  }

  private activity(): string {
    const resting = [this.leader, ...this.followers]
      .map((account) =>
        this.workingAt(account)
          .map((o) => `${o.orderId}:${o.qty}@${o.price}`)
          .join(','),
      )
      .join('|');
    return `${this.fake.world.orders().length}/${this.fake.world.requests(312)}/${this.directory.calls.length}/${resting}`;
  }

  private async caughtUp(): Promise<boolean> {
    for (const [connectionId, entry] of this.engine.sessions) {
      if (!entry.up) return false;
      const positions = await (entry.session as BrokerSession).positions();
      const accounts = this.directory.accounts.filter((a) => a.connectionId === connectionId);
      for (const account of accounts) {
        const rigAccount = [this.leader, ...this.followers].find((a) => a.id === account.id)!;
        for (const symbol of [SYMBOL, CROSS_SYMBOL]) {
          const seen =
            positions.find((p) => p.accountExternalId === account.externalId && p.symbol === symbol)
              ?.netPos ?? 0;
          if (seen !== this.held(rigAccount, symbol)) return false;
        }
      }
    }
    return this.engine.sessions.size > 0;
  }

  private newStore(): CopyStore {
    const onError = (error: unknown): void => void this.log.push(`store: ${String(error)}`);
    if (this.db.kind === 'postgres') return new SqlCopyStore(this.db, onError);
    return new JournaledCopyStore(this.db, { dir: this.journalDir, fsync: false, onError });
  }

  private newEngine(): CopyEngine {
    return new CopyEngine({
      directory: this.directory,
      store: this.store,
      notifier: { notify: () => undefined },
      log: (error, context) =>
        void this.log.push(`${context}: ${error instanceof Error ? error.message : String(error)}`),
      settings: { mirrorSettleMs: 100, copySettleMs: 400, sendRetries: 2, sessionRetryMs: 200 },
    });
  }
}

async function insertRows(db: Db): Promise<{
  userId: number;
  leadConnection: number;
  followConnection: number;
  paperConnection: number;
}> {
  const [user] = await db.query<{ id: number }>(
    `INSERT INTO users (email, password_hash) VALUES ($1, 'not-a-login') RETURNING id`,
    [`rithmic-${randomBytes(6).toString('hex')}@example.test`],
  );
  const userId = user!.id;
  const connection = async (broker: string, name: string): Promise<number> => {
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO connections (user_id, broker, name, environment, credentials) VALUES ($1, $2, $3, 'demo', 'held by the test') RETURNING id`,
      [userId, broker, name],
    );
    return row!.id;
  };
  return {
    userId,
    leadConnection: await connection('rithmic', 'Lead login'),
    followConnection: await connection('rithmic', 'Follow login'),
    paperConnection: await connection('sim', 'Paper login'),
  };
}

async function insertAccount(
  db: Db,
  userId: number,
  connectionId: number,
  externalId: string,
  index: number,
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO broker_accounts (connection_id, user_id, external_id, name) VALUES ($1, $2, $3, $4) RETURNING id`,
    [connectionId, userId, externalId, `ACC-${index}`],
  );
  return row!.id;
}
