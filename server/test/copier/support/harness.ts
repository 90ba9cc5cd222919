import { frontMonth } from '@synctrade/market';
import { PaperAuthorizations } from '../../../src/brokers/paper/authorizations';
import { createPaperAdapter } from '../../../src/brokers/paper/adapter';
import { PaperSession } from '../../../src/brokers/paper/session';
import { PaperVenue } from '../../../src/brokers/paper/venue';
import type { BrokerAdapter, BrokerSession, PlaceOrderCommand } from '../../../src/brokers/types';
import type { Clock } from '../../../src/copier/engine/clock';
import type { EngineSettings } from '../../../src/copier/engine/context';
import { noticeOf, type Notice } from '../../../src/copier/engine-notices';
import { CopyEngine } from '../../../src/copier/engine/engine';
import { MemoryDirectory } from '../../../src/copier/engine/memory-directory';
import { MemoryCopyStore } from '../../../src/copier/engine/memory-store';
import type { RuleGuard } from '../../../src/copier/engine/ports';
import { DEFAULT_RISK, type EngineAccount, type RiskLimits } from '../../../src/copier/engine/types';
import { engineAccount } from './engine-account';

export const USER = 1;
export const LEADER = 1;

export interface FollowerSetup {
  ratio: number;
  cross?: boolean;
  autoSync?: boolean;
  enabled?: boolean;
  isFollower?: boolean;
  risk?: Partial<RiskLimits>;
}

/**
 * A copy group on a fresh seeded paper venue: the leader on connection 1, followers spread over
 * connections 1-3 (each a sim login), the engine on the in-memory store, and a trader session that places
 * the leader's own orders as a person on the broker's platform would.
 */
export class Harness {
  readonly venue = new PaperVenue({ seed: 7, tickMs: null });
  readonly adapter: BrokerAdapter = createPaperAdapter({
    publicUrl: 'http://localhost',
    venue: this.venue,
    authorizations: new PaperAuthorizations(),
  });
  readonly store = new MemoryCopyStore();
  directory = new MemoryDirectory(this.adapter);
  readonly notifications: Notice[] = [];
  /** Users the engine told the desk about (its change listener), in order. */
  readonly changes: number[] = [];
  /** The contexts of what the engine logged, in order. */
  readonly logs: string[] = [];
  /** Expected outcomes the engine noted below error level (a cancel race's end), by context. */
  readonly notes: string[] = [];
  engine: CopyEngine;
  trader!: PaperSession;
  private readonly hands = new Map<string, PaperSession>();

  constructor(
    readonly followers: FollowerSetup[],
    requestsPerMinute?: number,
    /** Engine settings of this test, over the harness's own (every engine it starts gets them). */
    private readonly settings: Partial<EngineSettings> = {},
    /** Firm rules checked before every send (the prop-firm guard's tests). */
    private readonly guard?: RuleGuard,
    /** The engine's clock, when a test drives some of its waits by hand. */
    private readonly clock?: Clock,
    /** The trader's lag alert setting (ms), when a test watches for the `lagging` outcome. */
    private readonly lagAlertMs?: number,
  ) {
    if (requestsPerMinute !== undefined)
      this.directory = new MemoryDirectory(this.adapter, requestsPerMinute);
    const logins = [111111, 222222, 333333];
    logins.forEach((login, index) => {
      this.venue.ensureAccounts(String(login), 8);
      this.directory.addConnection(index + 1, { accessToken: `sim:${login}:8` });
    });
    this.directory.accounts.push(this.accountOf(LEADER, 1, `${logins[0]}1`, { isLeader: true }));
    followers.forEach((setup, index) => {
      const connection = (index % 3) + 1;
      const externalId = `${logins[connection - 1]}${Math.floor(index / 3) + 2}`;
      this.directory.accounts.push(
        this.accountOf(index + 2, connection, externalId, {
          isFollower: setup.isFollower ?? true,
          ratio: setup.ratio,
          cross: setup.cross ?? false,
          autoSync: setup.autoSync ?? true,
          enabled: setup.enabled ?? true,
          risk: { ...DEFAULT_RISK, ...setup.risk },
        }),
      );
    });
    this.engine = this.newEngine();
  }

  async start(): Promise<void> {
    await this.engine.start();
    this.trader = (await this.adapter.openSession({
      connectionId: 99,
      environment: 'demo',
      credentials: { accessToken: 'sim:111111:8' },
    })) as PaperSession;
  }

  /** The engine dies and a new one starts on the same store and venue. */
  async restart(): Promise<void> {
    await this.engine.stop();
    this.engine = this.newEngine();
    await this.engine.start();
  }

  /** The leader trades front-month ES at market (a person on the platform); resolves once the engine has settled it. */
  async leaderTrades(side: 'buy' | 'sell', qty: number): Promise<void> {
    await this.leaderOrder({ symbol: frontMonth('ES'), side, qty, type: 'Market' });
    await this.settle();
  }

  /** A person flattens a follower at its broker (the follower's own login); resolves once the engine has settled it. */
  async handFlatten(accountId: number): Promise<void> {
    await (await this.hand(accountId)).flatten(this.directory.account(accountId).externalId);
    await this.settle();
  }

  /** The leader buys 1 ES at market, then ES falls 3 points: a follower copying it 1:1 has lost $150. */
  async leaderBuysThenFalls(): Promise<void> {
    const price = this.venue.prices.price('ES');
    await this.leaderTrades('buy', 1);
    this.venue.setPrice(frontMonth('ES'), price - 3);
    await this.settle();
  }

  /** A person trading on a follower at its broker (the follower's own login): flatten, close, orders by hand. */
  async hand(accountId: number): Promise<PaperSession> {
    const externalId = this.directory.account(accountId).externalId;
    const login = externalId.slice(0, 6);
    let session = this.hands.get(login);
    if (session === undefined) {
      session = (await this.adapter.openSession({
        connectionId: 100 + this.hands.size,
        environment: 'demo',
        credentials: { accessToken: `sim:${login}:8` },
      })) as PaperSession;
      this.hands.set(login, session);
    }
    return session;
  }

  /** Changes every broker session the engine opens from now on (a broker that misbehaves) before the engine uses it. */
  alterSessions(alter: (session: BrokerSession, connectionId: number) => void): void {
    const open = this.directory.openSession.bind(this.directory);
    this.directory.openSession = async (connectionId) => {
      const session = await open(connectionId);
      alter(session, connectionId);
      return session;
    };
  }

  /** The connection's session cannot open (its broker is down) until the answered function is called. */
  connectionDown(connectionId: number): () => void {
    const open = this.directory.openSession.bind(this.directory);
    let down = true;
    this.directory.openSession = (id) =>
      down && id === connectionId ? Promise.reject(new Error('Broker unreachable')) : open(id);
    return () => {
      down = false;
    };
  }

  /** A person changes the leader's resting order on the broker's platform: its size and its limit (or stop) price. */
  async leaderModify(
    orderId: string,
    qty: number,
    price: number,
    type: 'Limit' | 'Stop' = 'Limit',
  ): Promise<void> {
    await this.trader.modifyOrder({
      accountExternalId: this.leaderExternalId,
      orderId,
      qty,
      type,
      ...(type === 'Stop' ? { stopPrice: price } : { price }),
    });
  }

  async leaderOrder(
    command: Omit<PlaceOrderCommand, 'accountExternalId' | 'clientOrderId'>,
  ): Promise<string | null> {
    try {
      const order = await this.trader.placeOrder({
        ...command,
        accountExternalId: this.leaderExternalId,
        clientOrderId: '',
      });
      return order.orderId;
    } catch {
      return null;
    }
  }

  /** A market order of front-month ES placed by a person on an account (not by the engine), through its own session. */
  async handMarket(
    accountId: number,
    side: 'buy' | 'sell',
    qty: number,
    clientOrderId = 'mine-1',
  ): Promise<void> {
    await (
      await this.hand(accountId)
    ).placeOrder({
      accountExternalId: this.directory.account(accountId).externalId,
      clientOrderId,
      symbol: frontMonth('ES'),
      side,
      qty,
      type: 'Market',
    });
  }

  /** A leader limit buy of front-month ES resting `below` points under the market: its order id ('' if refused) and price. */
  async leaderRestingBuy(qty = 1, below = 20): Promise<{ orderId: string; price: number }> {
    const price = this.venue.prices.price('ES') - below;
    const orderId = await this.leaderOrder({
      symbol: frontMonth('ES'),
      side: 'buy',
      qty,
      type: 'Limit',
      price,
    });
    return { orderId: orderId ?? '', price };
  }

  async settle(): Promise<void> {
    await this.engine.idle(USER);
  }

  get leaderExternalId(): string {
    return this.directory.account(LEADER).externalId;
  }

  position(accountId: number, symbol: string): number {
    const account = this.venue.account(this.directory.account(accountId).externalId);
    return account.positions.get(symbol)?.netPos ?? 0;
  }

  private newEngine(): CopyEngine {
    return new CopyEngine({
      directory: this.directory,
      store: this.store,
      notifier: { notify: (_userId, outcome) => this.notifications.push(noticeOf(outcome)) },
      onChange: (userId) => this.changes.push(userId),
      log: (_error, context) => this.logs.push(context),
      note: (_message, context) => this.notes.push(context),
      // Auto-sync runs when a test asks for it (`engine.autoSync`), unless a test sets an interval.
      settings: { mirrorSettleMs: 0, sendRetries: 2, copySettleMs: 0, autoSyncMs: 0, ...this.settings },
      ...(this.guard === undefined ? {} : { guard: this.guard }),
      ...(this.clock === undefined ? {} : { clock: this.clock }),
      ...(this.lagAlertMs === undefined ? {} : { lagAlertMs: async () => this.lagAlertMs ?? 0 }),
    });
  }

  private accountOf(
    id: number,
    connectionId: number,
    externalId: string,
    overrides: Partial<EngineAccount>,
  ): EngineAccount {
    return engineAccount({ id, userId: USER, connectionId, externalId, ...overrides });
  }
}
