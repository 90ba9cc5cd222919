import type { FastifyInstance } from 'fastify';
import type { FeedMessage } from '@synctrade/api/types';
import type { BrokerSession } from '../brokers/types';
import type { AccountDirectory, GroupControl } from '../copier/engine/ports';
import type { CopyStoreFence } from '../copier/store/store-fence';
import type { DeskSnapshot, Placement, PlacementChoice } from '../placement/placement';
import { planBalance } from './balance-plan';
import { ClusterBus } from './bus';
import { ClusterDirectory } from './cluster-directory';
import { pruneClusterLogs } from './cluster-housekeeping';
import type { ClusterConfig } from './cluster-config';
import type { ClusterPaper } from './cluster-paper';
import { FencedSession, nodeStoreFence, PaperLeases } from './fencing';
import { installChangeNotices } from './change-notices';
import { installOwnerForwarding } from './forward';
import { LeaseKeeper } from './lease-keeper';
import { LeaseStore } from './lease-store';
import { LoginShareStore, shareLogins } from './login-shares';

/** How long a group handed over is left for another node before this one may take it back. */
const COOLDOWN_MS = 5_000;
/** How often the node checks its own view of its leases (a lease it can no longer vouch for closes its sessions). */
const WATCH_MS = 250;
/** How often the node prunes the cluster's logs (every node does; the deletes are idempotent). */
const PRUNE_MS = 60 * 60 * 1000;
/** Free groups looked at per balancing look (taken in user id order). */
const FREE_LOOKED_AT = 500;

/**
 * A node of a cluster, chosen at start (`app.ts`): the database ends its idle transactions, and its paper venue
 * prices from the shared seed and time step, loads the accounts of the groups it takes and stores them under their
 * lease. The placement it starts is the node itself.
 */
export function clusterNode(config: ClusterConfig, paper: ClusterPaper): PlacementChoice {
  const paperLeases = new PaperLeases(config.nodeId, config.idleInTransactionMs);
  return {
    database: { idleInTransactionMs: config.idleInTransactionMs },
    paperVenue: {
      seed: config.paperSeed,
      prices: paper.prices,
      tickMs: config.paperStepMs,
      loadAccounts: false,
      fence: paperLeases,
    },
    start: (app) => ClusterNode.join(app, config, paper, paperLeases),
  };
}

/**
 * One node of a cluster (`app.placement` in cluster mode): holds leases on copy groups in PostgreSQL, opens the
 * sessions of the groups it owns only, moves groups one at a time to balance the nodes (sessions closed here
 * before the lease is handed back), and relays feed messages and change notices to the other nodes over NATS.
 */
export class ClusterNode implements Placement {
  /** The user's sockets may be on any node: the owner's list is published to all of them. */
  readonly socketsElsewhere = true;
  /** A drain hands groups over one at a time: a shutdown may take this long. */
  readonly shutdownGraceMs = 60_000;
  readonly leases: LeaseStore;
  readonly keeper: LeaseKeeper;
  private readonly loginShares: LoginShareStore;
  private engine: GroupControl | null = null;
  private engineDirectory: ClusterDirectory | null = null;
  private flushStore: (() => Promise<void>) | null = null;
  private groupReady: (userId: number) => void = () => undefined;
  private readonly leaving = new Set<number>();
  private readonly cooldown = new Map<number, number>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly offs: Array<() => void> = [];
  private draining = false;
  /** The broker sessions of the groups held, as of the last balancing look (reported at each heartbeat). */
  private sessions = 0;
  private balancing = false;
  private stopped = false;

  private constructor(
    private readonly app: FastifyInstance,
    readonly config: ClusterConfig,
    readonly bus: ClusterBus,
    private readonly paper: ClusterPaper,
    private readonly paperLeases: PaperLeases,
  ) {
    this.leases = new LeaseStore(app.db);
    this.loginShares = new LoginShareStore(app.db);
    this.keeper = new LeaseKeeper(this.leases, config.nodeId, {
      ttlMs: config.ttlMs,
      renewMs: config.renewMs,
      marginMs: config.marginMs,
    });
  }

  /** Joins the cluster: registers the node, forwards owner requests, relays the feed and change notices. */
  static async join(
    app: FastifyInstance,
    config: ClusterConfig,
    paper: ClusterPaper,
    paperLeases: PaperLeases | null,
  ): Promise<ClusterNode> {
    const bus = await ClusterBus.open(config.natsUrl, config.nodeId, config.name);
    const node = new ClusterNode(app, config, bus, paper, paperLeases ?? new PaperLeases(config.nodeId));
    await node.leases.heartbeat(config.nodeId, config.url, config.ttlMs, false);
    installOwnerForwarding(app, node.leases, config.nodeId, config.forwardMark);
    installChangeNotices(app, {
      heldToken: (userId) => (node.owns(userId) ? node.keeper.tokenOf(userId) : null),
      tellOthers: (userId) => bus.tellOthers('accounts:changed', { userId }),
    });
    const hub = app.realtime;
    const publishHere = hub.publish.bind(hub);
    bus.relayFeed(publishHere);
    // Everything published for a user here also reaches the user's sockets on the other nodes.
    hub.publish = (userId, message) => {
      publishHere(userId, message);
      bus.publishFeed(userId, message);
    };
    node.offs.push(...bus.bridgeEvents(app.events));
    return node;
  }

  /** The copy store's fence: claims and rows written behind only under this node's lease (`fencing.ts`). */
  storeFence(): CopyStoreFence {
    return nodeStoreFence(this.config.nodeId, this.keeper, this.leaving);
  }

  /** True while this node holds the group and is not handing it over. */
  owns(userId: number): boolean {
    return this.keeper.isValid(userId) && !this.leaving.has(userId);
  }

  /**
   * True when an order ticket on the connection's paper accounts may be booked here: this node owns the group (not
   * handing it over) and its venue holds the accounts as continued from the ledger for the open group. A request
   * forwarded here just as the group moves, or reaching a node that took the lease but has not opened the group
   * yet, is refused (the browser tries again and reaches the owner).
   */
  servesPaper(userId: number, connectionId: number): boolean {
    return this.owns(userId) && (this.engineDirectory?.holdsPaper(connectionId) ?? false);
  }

  /** An order ticket's session: checked again as the order goes (the group may have started moving meanwhile). */
  paperSession(opened: BrokerSession, userId: number, connectionId: number): BrokerSession {
    return new FencedSession(
      opened,
      () => this.servesPaper(userId, connectionId),
      async () => undefined,
    );
  }

  directory(inner: AccountDirectory): AccountDirectory {
    this.engineDirectory = new ClusterDirectory({
      inner,
      db: this.app.db,
      keeper: this.keeper,
      owns: (userId) => this.owns(userId),
      leases: this.leases,
      nodeId: this.config.nodeId,
      paper: this.paper.accounts(this.app.paperVenue, this.app.db),
      paperLeases: this.paperLeases,
      log: (error, context) => this.app.log.error({ err: error, context }, 'cluster'),
    });
    return this.engineDirectory;
  }

  /**
   * A socket opened here for a user owned elsewhere starts from the owner's list; null when no owner answers in
   * time (this node's own list lacks the live positions: the hub shows it to that socket only and asks again).
   */
  snapshotProvider(local: DeskSnapshot): (userId: number) => Promise<FeedMessage[] | null> {
    return async (userId) => {
      if (this.owns(userId)) return local(userId);
      return this.bus.askDesk(userId, 1_000);
    };
  }

  /**
   * The engine is running: take groups, renew, balance. `groupReady` runs when a group taken here is open and
   * reconciled (its desk list goes out to the user's sockets on every node).
   */
  attach(
    engine: GroupControl,
    flushStore: () => Promise<void>,
    desk: DeskSnapshot,
    groupReady: (userId: number) => void = () => undefined,
  ): void {
    this.engine = engine;
    this.flushStore = flushStore;
    this.groupReady = groupReady;
    this.bus.answerDesk((userId) => this.owns(userId), desk);
    const every = (ms: number, work: () => Promise<void>): void => {
      const timer = setInterval(() => {
        if (!this.stopped)
          void work().catch((error: unknown) => this.app.log.error({ err: error }, 'cluster'));
      }, ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(this.config.renewMs, () => this.renew());
    // Brokers count a login's requests whichever node sends them: each node spends its share.
    every(this.config.renewMs, () =>
      shareLogins(this.loginShares, this.config.nodeId, engine.loginBudgets(), this.config.ttlMs),
    );
    every(WATCH_MS, () => this.watch());
    every(this.config.balanceMs, () => this.balance());
    every(PRUNE_MS, async () => {
      await pruneClusterLogs(this.app.db, this.config.logRetentionMs);
      await this.loginShares.prune(this.config.logRetentionMs);
    });
    void this.balance().catch((error: unknown) => this.app.log.error({ err: error }, 'cluster'));
  }

  /** Hands every group over, one at a time, then takes no more (a deploy). Resolves when none is left. */
  async drain(): Promise<void> {
    this.draining = true;
    await this.heartbeat();
    while (!this.stopped) {
      const [userId] = this.keeper.users();
      if (userId === undefined) return;
      await this.moveOut(userId);
    }
  }

  /** The engine stopped (its sessions are closed): the leases go back at once and the node leaves. */
  async detach(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    for (const off of this.offs.splice(0)) off();
    await this.leases.leave(this.config.nodeId).catch(() => undefined);
    await this.loginShares.leave(this.config.nodeId).catch(() => undefined);
    await this.bus.close();
  }

  private async renew(): Promise<void> {
    await this.heartbeat();
    for (const userId of await this.keeper.renew()) this.lose(userId, 'its lease ran out');
  }

  private async heartbeat(): Promise<void> {
    const { maxSessions } = this.config;
    await this.leases.heartbeat(this.config.nodeId, this.config.url, this.config.ttlMs, this.draining, {
      sessions: this.sessions,
      maxSessions: maxSessions === Number.MAX_SAFE_INTEGER ? null : maxSessions,
    });
  }

  /** A lease this node can no longer vouch for: its sessions close before another node may take it. */
  private async watch(): Promise<void> {
    for (const userId of this.keeper.users())
      if (!this.keeper.isValid(userId) && !this.leaving.has(userId)) this.lose(userId, 'no renewal in time');
  }

  /**
   * A lease lost or no longer vouched for: the group's sessions close here, then the lease (if the database still
   * has it) is handed back so another node need not wait for it to run out.
   */
  private lose(userId: number, why: string): void {
    const lease = this.keeper.leaseOf(userId);
    this.keeper.forget(userId);
    this.app.log.warn(`copy group of user ${userId} lost (${why}): closing its sessions`);
    void this.engine
      ?.refreshUser(userId)
      .then(() => (lease === null ? undefined : this.leases.release(lease, this.config.nodeId)))
      .catch((error: unknown) => this.app.log.error({ err: error }, 'cluster'));
  }

  /** One look at the balance (`planBalance`): hand one group back, or take free groups, or nothing. */
  private async balance(): Promise<void> {
    if (this.balancing || this.engine === null || this.stopped) return;
    this.balancing = true;
    try {
      const owned = await this.leases.weightsOf(this.keeper.users());
      this.sessions = owned.reduce((n, g) => n + g.sessions, 0);
      const now = Date.now();
      for (const [id, until] of this.cooldown) if (until <= now) this.cooldown.delete(id);
      const step = planBalance({
        nodeId: this.config.nodeId,
        draining: this.draining,
        nodes: await this.leases.nodeLoads(),
        owned,
        free: (await this.leases.unowned(FREE_LOOKED_AT + this.cooldown.size)).filter(
          (group) => !this.cooldown.has(group.userId),
        ),
        totalSessions: await this.leases.sessionCount(),
        maxGroups: this.config.maxGroups,
        maxSessions: this.config.maxSessions,
      });
      if (step.kind === 'move-out') {
        this.app.log.info(`handing the copy group of user ${step.userId} over (${step.why})`);
        await this.moveOut(step.userId);
      } else if (step.kind === 'take') {
        await Promise.all(step.userIds.map((userId) => this.takeOver(userId)));
      }
    } finally {
      this.balancing = false;
    }
  }

  /** Takes a free group: lease first, then sessions, recovery of unfinished copies and reconciliation. */
  private async takeOver(userId: number): Promise<void> {
    const lease = await this.keeper.acquire(userId);
    if (lease === null || this.engine === null) return;
    await this.engine.refreshUser(userId);
    // Still the same lease (a lost one is forgotten by then): the group is open and reconciled under it.
    if (this.keeper.leaseOf(userId)?.token === lease.token) {
      await this.leases.markReady(lease, this.config.nodeId);
      // The feeds start over from this owner's list: the last one they got may predate the hand-over.
      this.groupReady(userId);
    }
  }

  /** Hands a group over: its sessions close here, what it wrote is stored, then the lease goes back. */
  private async moveOut(userId: number): Promise<void> {
    if (this.engine === null) return;
    this.leaving.add(userId);
    try {
      await this.engine.idle(userId);
      await this.engine.refreshUser(userId);
      await this.flushStore?.();
      await this.keeper.release(userId);
      this.cooldown.set(userId, Date.now() + COOLDOWN_MS);
    } finally {
      this.leaving.delete(userId);
    }
  }
}
