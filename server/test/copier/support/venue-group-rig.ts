import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { BrokerSession, OrderSide } from '../../../src/brokers/types';
import { CopyEngine } from '../../../src/copier/engine/engine';
import type { CopyStore } from '../../../src/copier/engine/ports';
import { DEFAULT_RISK, type EngineAccount } from '../../../src/copier/engine/types';
import { JournaledCopyStore } from '../../../src/copier/store/journaled-store';
import { SqlCopyStore } from '../../../src/copier/store/sql-store';
import type { Db } from '../../../src/db/db';
import type { MixedDirectory } from '../../projectx/support/mixed-directory';

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

export interface GroupAccount {
  id: number;
}

/**
 * One trader's copy group across real broker sessions (fakes over sockets, the paper venue) and the engine on the
 * server's store for a database: what every such rig shares. A rig says what each venue itself holds (`held`,
 * `workingAt`) and what changes there (`venueActivity`); settling, restarting and the engine are here.
 */
export abstract class VenueGroupRig<A extends GroupAccount> {
  engine: CopyEngine;
  store: CopyStore;
  readonly log: string[] = [];

  protected constructor(
    readonly db: Db,
    readonly directory: MixedDirectory,
    readonly userId: number,
    readonly leader: A,
    readonly followers: A[],
    private readonly journalDir: string,
    /** The leader's contract and the one Cross followers trade instead. */
    private readonly symbols: { symbol: string; cross: string },
  ) {
    this.store = this.newStore();
    this.engine = this.newEngine();
  }

  /** The net position the venue itself holds (not what any session believes). */
  abstract held(account: A, symbol: string): number;
  /** The resting orders an account has at its venue (not what any session believes). */
  abstract workingAt(account: A): VenueWorkingOrder[];
  /** What the venues saw so far (requests, orders), to tell a quiet round from a busy one. */
  protected abstract venueActivity(): string;

  account(id: number): EngineAccount {
    return this.directory.account(id);
  }

  symbolOf(id: number): string {
    return this.account(id).cross ? this.symbols.cross : this.symbols.symbol;
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

  /**
   * Settles until `check` holds: for a state a test starts from, which a busy machine can bring after the quiet
   * round `settle` ends on (a follower's last order on its way while nothing else moves).
   */
  async settleUntil(check: () => boolean): Promise<void> {
    const deadline = Date.now() + 60_000;
    await this.settle();
    while (!check()) {
      if (Date.now() > deadline)
        throw new Error('The copy group settled without reaching the state asked for');
      await new Promise((resolve) => setTimeout(resolve, 20));
      await this.settle();
    }
  }

  /** Stops the engine and keeps what it wrote; the rig's venues are closed by the rig. */
  protected async stopEngine(): Promise<void> {
    await this.engine.stop();
    await this.store.flush();
    rmSync(this.journalDir, { recursive: true, force: true });
  }

  private activity(): string {
    const resting = [this.leader, ...this.followers]
      .map((account) =>
        this.workingAt(account)
          .map((o) => `${o.orderId}:${o.qty}@${o.price}`)
          .join(','),
      )
      .join('|');
    return `${this.venueActivity()}/${this.directory.calls.length}/${resting}`;
  }

  private async caughtUp(): Promise<boolean> {
    for (const [connectionId, entry] of this.engine.sessions) {
      if (!entry.up) return false;
      const positions = await (entry.session as BrokerSession).positions();
      const accounts = this.directory.accounts.filter((a) => a.connectionId === connectionId);
      for (const account of accounts) {
        const rigAccount = [this.leader, ...this.followers].find((a) => a.id === account.id)!;
        for (const symbol of [this.symbols.symbol, this.symbols.cross]) {
          const seen =
            positions.find((p) => p.accountExternalId === account.externalId && p.symbol === symbol)
              ?.netPos ?? 0;
          if (seen !== this.held(rigAccount, symbol)) return false;
        }
      }
      // Resting orders too: a leg moved or resized at the venue whose update is still on its way to the session
      // leaves positions unchanged, and a quiet round would end before the engine heard of it.
      const working = await (entry.session as BrokerSession).workingOrders();
      for (const account of accounts) {
        const rigAccount = [this.leader, ...this.followers].find((a) => a.id === account.id)!;
        const atVenue = new Map(this.workingAt(rigAccount).map((o) => [o.orderId, o]));
        const seen = working.filter((o) => o.accountExternalId === account.externalId && o.type !== 'Market');
        if (seen.length !== atVenue.size) return false;
        for (const order of seen) {
          const venue = atVenue.get(order.orderId);
          if (venue === undefined || venue.qty !== order.qty - order.filledQty) return false;
          // A price the venue states (a join order's follows the book and is not stated) is the session's too.
          const price = order.type === 'Limit' ? order.price : order.stopPrice;
          if (
            Number.isFinite(venue.price) &&
            (order.type === 'Limit' || order.type === 'Stop') &&
            venue.price !== price
          )
            return false;
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

/** A trader of the rig (no login: the engine is driven directly). */
export async function insertTrader(db: Db, prefix: string): Promise<number> {
  const [user] = await db.query<{ id: number }>(
    `INSERT INTO users (email, password_hash) VALUES ($1, 'not-a-login') RETURNING id`,
    [`${prefix}-${randomBytes(6).toString('hex')}@example.test`],
  );
  return user!.id;
}

/** A connection row whose credentials the test holds itself (the rig's directory hands them to the adapter). */
export async function insertConnection(
  db: Db,
  userId: number,
  broker: string,
  name: string,
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO connections (user_id, broker, name, environment, credentials) VALUES ($1, $2, $3, 'demo', 'held by the test') RETURNING id`,
    [userId, broker, name],
  );
  return row!.id;
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

/** Where one of the rig's accounts trades: its connection and its id at the venue. */
export interface Seat<P> {
  place: P;
  connectionId: number;
  externalId: string;
  broker: string;
}

/**
 * Inserts the rig's accounts and hands them to the directory: the first leads, the others follow with their
 * `settings` in order, and the last is switched off for good (it must never receive an order).
 */
export async function seatAccounts<P>(
  db: Db,
  directory: MixedDirectory,
  userId: number,
  seats: Array<Seat<P>>,
  settings: Array<Partial<EngineAccount>>,
): Promise<Array<{ id: number; place: P }>> {
  const base = { userId, ratio: 1, cross: false, autoSync: true, enabled: true, risk: { ...DEFAULT_RISK } };
  const accounts: Array<{ id: number; place: P }> = [];
  for (const [index, { place, connectionId, externalId, broker }] of seats.entries()) {
    const id = await insertAccount(db, userId, connectionId, externalId, index);
    accounts.push({ id, place });
    const follower = index > 0;
    const own = index === seats.length - 1 ? { enabled: false } : (settings[index - 1] ?? {});
    directory.accounts.push({
      ...base,
      ...(follower ? own : {}),
      id,
      connectionId,
      externalId,
      name: `${broker}-${externalId}`,
      isLeader: !follower,
      isFollower: follower,
    });
  }
  return accounts;
}
