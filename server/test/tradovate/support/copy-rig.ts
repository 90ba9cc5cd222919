import type { TradovateTimings } from '../../../src/brokers/tradovate';
import { CopyEngine } from '../../../src/copier/engine/engine';
import type { EngineAccount } from '../../../src/copier/engine/types';
import type { Db } from '../../../src/db/db';
import { CrashableStore, journalFolder } from './crashable-store';
import { groupDirectory, untilAsync, type GroupIds } from './engine-world';
import { insertGroupRows } from './group-rows';
import { RecordingDirectory } from './recording-directory';
import { sleep, startWorld, type World } from './world';

export interface RigFollower {
  settings: Partial<EngineAccount>;
  /** A second account of the leader's own Tradovate login (same session), else the follower login's. */
  onLeaderUser: boolean;
}

/**
 * Short enough for many runs, long enough for a loaded 2-core machine: a request is declared lost after a
 * second, a captcha's hour of silence becomes 300 ms (the adapter then proceeds), reconnects take < 0.5 s.
 */
const RIG_TIMINGS: Partial<TradovateTimings> = {
  requestTimeoutMs: 1_000,
  // Tokens are renewed every 0.8 of their eight seconds: every run renews, under whatever faults are armed,
  // with seven seconds to spare for a renewal that must wait (a penalty ticket, a 429 lockout).
  renewAfterLifeShare: 0.1,
  captchaBackoffMs: 300,
  rateLimitLockoutMs: 100,
  reconnectBaseMs: 50,
  reconnectMaxMs: 400,
};
const TOKEN_LIFETIME_SEC = 8;
export const REQUEST_TIMEOUT_MS = RIG_TIMINGS.requestTimeoutMs ?? 0;
/**
 * The engine's settle delays, shortened: on loopback a fill frame trails its placeorder answer by
 * milliseconds, and a run checks after every step, so production's second and a half would dominate.
 */
const MIRROR_SETTLE_MS = 100;
const COPY_SETTLE_MS = 400;
/** A session that cannot open (Tradovate still rate limiting the user as the engine restarts) retries soon. */
const SESSION_RETRY_MS = 200;
const SETTLE_TIMEOUT_MS = 60_000;

/**
 * A copy group on the fake Tradovate over real sockets: the real adapter, the copy engine on the store the
 * server uses for this database, the leader and followers as Tradovate accounts of two logins. Leader trades
 * are made "by hand" at the fake; everything the engine does reaches the fake through HTTP and the
 * user-data WebSocket.
 */
export class CopyRig {
  engine: CopyEngine;
  store: CrashableStore;
  private readonly journal = journalFolder();
  private filledSeen = 0;
  /** What the feeds last lacked, for the message of a settle that timed out. */
  private lag = '';
  /** What the engine and the store logged (shown when a run fails; errors are expected under faults). */
  readonly log: string[] = [];

  private constructor(
    readonly world: World,
    readonly db: Db,
    readonly directory: RecordingDirectory,
    readonly ids: GroupIds,
    readonly followerIds: number[],
  ) {
    this.store = this.newStore();
    this.engine = this.newEngine();
  }

  static async start(db: Db, followers: RigFollower[]): Promise<CopyRig> {
    // Tradovate ids repeat from one fake to the next, unlike the real service's: mappings of earlier runs go.
    await db.query('DELETE FROM tradovate_client_orders');
    const unlimited = { perWindow: 1_000_000, backoffSec: 1, countSuccess: true };
    const world = await startWorld({
      timings: RIG_TIMINGS,
      // Tokens live seconds, so renewals (and their penalty tickets) happen during most runs.
      fake: {
        tokenLifetimeSec: TOKEN_LIFETIME_SEC,
        ipLimits: { 'auth/renewaccesstoken': unlimited },
      },
      adapter: { db, ipLimits: { 'auth/renewaccesstoken': unlimited } },
      leaderAccounts: ['LEADER-1', 'LEADER-2'],
      followerAccounts: ['FOLLOW-1', 'FOLLOW-2', 'FOLLOW-3'],
    });
    for (const symbol of ['ESZ6', 'MESZ6']) world.fake.control.setPrice(symbol, 6000);
    const spareLeaderAccounts = world.leader.accountIds.slice(1);
    const followerAccounts = [...world.follower.accountIds];
    const placed = followers.map((follower) => ({
      externalId: (follower.onLeaderUser ? spareLeaderAccounts : followerAccounts).shift() ?? 0,
      onLeaderUser: follower.onLeaderUser,
    }));
    const ids = await insertGroupRows(db, { leader: world.leader.accountId, followers: placed });
    const directory = groupDirectory(
      world,
      ids,
      followers.map((follower, index) => ({
        id: ids.followerIds[index] ?? 0,
        externalId: placed[index]?.externalId ?? 0,
        onLeaderUser: follower.onLeaderUser,
        settings: follower.settings,
      })),
      new RecordingDirectory(world.adapter),
    );
    const rig = new CopyRig(world, db, directory, ids, ids.followerIds);
    directory.engineView = (externalId) =>
      [...rig.engine.accounts.values()].find((account) => account.externalId === externalId);
    await rig.engine.start();
    return rig;
  }

  account(id: number): EngineAccount {
    return this.directory.account(id);
  }

  get leaderExternalId(): number {
    return this.world.leader.accountId;
  }

  /** The engine dies and a new one starts on the same database and the same broker accounts. */
  async restart(): Promise<void> {
    await this.engine.stop();
    await this.store.close();
    this.store = this.newStore();
    this.engine = this.newEngine();
    await this.engine.start();
  }

  /**
   * Waits until nothing is left to happen: both sessions are up, their feeds show what the fake holds
   * (positions and working orders), the engine's queue and sends are done, and a round of that changed
   * nothing at the fake.
   */
  async settle(): Promise<void> {
    const deadline = Date.now() + SETTLE_TIMEOUT_MS;
    for (;;) {
      const before = this.venueActivity();
      await untilAsync(
        () => this.feedsCaughtUp(),
        Math.max(1, deadline - Date.now()),
        () => `the engine's Tradovate feeds to catch up with the fake (${this.lag})`,
      );
      await this.engine.idle(this.ids.userId);
      // A mirrored leader order that filled is checked a moment later: give that timer its turn.
      const filled = this.filledWorkingOrders();
      if (filled !== this.filledSeen) {
        this.filledSeen = filled;
        await sleep(MIRROR_SETTLE_MS + 20);
        await this.engine.idle(this.ids.userId);
      }
      if (this.venueActivity() === before && (await this.feedsCaughtUp())) return;
      if (Date.now() > deadline) throw new Error('The copy group did not settle');
    }
  }

  /**
   * Waits until the engine has heard everything the fake did (its handling is queued), not for the handling:
   * copies may still be on their way, waiting for the budget after a 429 or for a look-up.
   */
  async heard(): Promise<void> {
    await untilAsync(() => this.feedsCaughtUp(), SETTLE_TIMEOUT_MS, "the engine's Tradovate feeds");
  }

  async close(): Promise<void> {
    await this.engine.stop();
    await this.store.close();
    await this.world.close();
    this.journal.remove();
  }

  private filledWorkingOrders(): number {
    return this.world.fake.control
      .orders()
      .filter(
        (o) => o.accountId === this.leaderExternalId && o.orderType !== 'Market' && o.ordStatus === 'Filled',
      ).length;
  }

  /** What the engine did at the fake; token renewals, which go on by themselves, do not count. */
  private venueActivity(): string {
    const { control } = this.world.fake;
    const requests = control.requests().filter((r) => !r.endpoint.startsWith('auth/')).length;
    return `${control.orders().length}/${control.fills().length}/${requests}`;
  }

  /**
   * Nothing is on its way to the fake (a request arriving late lands later, whatever the engine decided about
   * it), each engine session is up and its feed state matches the fake's positions and working orders.
   */
  private async feedsCaughtUp(): Promise<boolean> {
    const { control } = this.world.fake;
    if (control.arriving() > 0) return false;
    for (const [connectionId, accountIds] of [
      [this.ids.leaderConnection, this.world.leader.accountIds],
      [this.ids.followerConnection, this.world.follower.accountIds],
    ] as const) {
      const entry = this.engine.sessions.get(connectionId);
      if (entry === undefined || !entry.up) {
        this.lag = `connection ${connectionId}: session ${entry === undefined ? 'missing' : 'down'}`;
        return false;
      }
      const mine = (accountId: number): boolean => accountIds.includes(accountId);
      const venuePositions = control
        .positions()
        .filter((p) => mine(p.accountId))
        .map((p) => `${p.accountId}:${p.symbol}:${p.netPos}`);
      const feedPositions = (await entry.session.positions()).map(
        (p) => `${p.accountExternalId}:${p.symbol}:${p.netPos}`,
      );
      const venueOrders = control
        .orders()
        .filter((o) => mine(o.accountId) && (o.ordStatus === 'Working' || o.ordStatus === 'Suspended'))
        .map((o) => `${o.id}:${o.orderQty}:${o.price ?? o.stopPrice}`);
      const feedOrders = (await entry.session.workingOrders()).map(
        (o) => `${o.orderId}:${o.qty}:${o.price ?? o.stopPrice}`,
      );
      if (!sameItems(venuePositions, feedPositions) || !sameItems(venueOrders, feedOrders)) {
        this.lag =
          `connection ${connectionId}: fake positions [${venuePositions.join(' ')}] orders [${venueOrders.join(' ')}], ` +
          `feed positions [${feedPositions.join(' ')}] orders [${feedOrders.join(' ')}]`;
        return false;
      }
    }
    this.lag = '';
    return true;
  }

  private note(error: unknown, context: string): void {
    this.log.push(`${context}: ${error instanceof Error ? error.message : String(error)}`);
  }

  private newStore(): CrashableStore {
    return new CrashableStore(this.db, this.journal.dir, (error) => this.note(error, 'write-behind'));
  }

  private newEngine(): CopyEngine {
    return new CopyEngine({
      directory: this.directory,
      store: this.store,
      notifier: { notify: () => undefined },
      log: (error, context) => this.note(error, context),
      settings: {
        mirrorSettleMs: MIRROR_SETTLE_MS,
        copySettleMs: COPY_SETTLE_MS,
        sendRetries: 2,
        sessionRetryMs: SESSION_RETRY_MS,
      },
    });
  }
}

function sameItems(a: string[], b: string[]): boolean {
  return a.length === b.length && [...a].sort().join('|') === [...b].sort().join('|');
}
