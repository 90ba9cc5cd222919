import type { FastifyInstance } from 'fastify';
import type { FeedMessage } from '@synctrade/api/types';
import type { OpenPaperVenueOptions } from '../brokers/paper/open-venue';
import type { BrokerSession } from '../brokers/types';
import type { AccountDirectory, GroupControl } from '../copier/engine/ports';
import type { CopyStoreFence } from '../copier/store/store-fence';

/** A user's desk list as this process makes it (the live positions of the groups it runs). */
export type DeskSnapshot = (userId: number) => Promise<FeedMessage[]>;

/**
 * Where copy groups run: who owns a user's copy group (its broker sessions and the engine's state), who books a
 * paper order ticket, where a feed socket's desk list comes from, and how the store and the sessions are fenced.
 * One implementation per process, chosen at start (`app.ts`): this process alone (`single-node.ts`), or one node of
 * a cluster (`cluster/cluster-node.ts`, on PostgreSQL leases and NATS).
 */
export interface Placement {
  /** True when a user's sockets may be on other processes: the desk list is published whatever is held here. */
  readonly socketsElsewhere: boolean;
  /** How long a shutdown (a drain first) may take before the process is ended. */
  readonly shutdownGraceMs: number;
  /** True while this process runs the user's copy group (and is not handing it over). */
  owns(userId: number): boolean;
  /** True when an order ticket on the connection's paper accounts may be booked here now. */
  servesPaper(userId: number, connectionId: number): boolean;
  /** The session an order ticket is placed through: its order goes only while `servesPaper` still holds. */
  paperSession(opened: BrokerSession, userId: number, connectionId: number): BrokerSession;
  /** The copy store's fence (claims and rows written behind), or null: everything is stored. */
  storeFence(): CopyStoreFence | null;
  /** The engine's directory: the accounts and sessions of the groups run here. */
  directory(inner: AccountDirectory): AccountDirectory;
  /** What a feed socket joining here starts from; null when the owner elsewhere did not answer in time. */
  snapshotProvider(local: DeskSnapshot): (userId: number) => Promise<FeedMessage[] | null>;
  /**
   * The engine is running (groups may be taken, handed over and lost from now on): `flushStore` stores what is
   * written behind, `desk` answers the desk list of a group run here, `groupReady` runs when a group taken here is
   * open and reconciled.
   */
  attach(
    engine: GroupControl,
    flushStore: () => Promise<void>,
    desk: DeskSnapshot,
    groupReady?: (userId: number) => void,
  ): void;
  /** Hands every group over before a shutdown; resolves when none is left here. */
  drain(): Promise<void>;
  /** The engine stopped (its sessions are closed): whatever this process held goes back. */
  detach(): Promise<void>;
}

/** The choice made once at start: what it asks of the database and the paper venue, and the placement it starts. */
export interface PlacementChoice {
  /** Options of the database pool the app opens. */
  readonly database: { idleInTransactionMs?: number };
  /** The paper venue's seed, and how its prices, accounts and ledger writes go here. */
  readonly paperVenue: Pick<OpenPaperVenueOptions, 'seed' | 'prices' | 'tickMs' | 'loadAccounts' | 'fence'>;
  /** Starts the placement once the app's decorations exist (before the routes). */
  start(app: FastifyInstance): Promise<Placement>;
}
