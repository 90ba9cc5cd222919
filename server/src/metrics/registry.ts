import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { DbPoolUse } from '../db/db';

/**
 * Every metric the server exposes (listed with their labels in server/README.md). Labels are bounded: a broker id
 * from the registry of adapters, a result or a reason code from a fixed set; never a user, an account or free text.
 */
export interface ServerMetrics {
  registry: Registry;
  copyLatency: Histogram<'broker' | 'stage'>;
  copies: Counter<'broker' | 'result'>;
  rejections: Counter<'broker' | 'reason'>;
  corrections: Counter<'broker'>;
  sessions: Gauge<'broker'>;
  budgetLeft: Gauge<'broker'>;
  feedSockets: Gauge;
  dbPool: Gauge<'state'>;
}

/** What the gauges read when scraped. */
export interface GaugeReaders {
  feedSockets(): number;
  /** The database pool's connections; null on the embedded database (one connection, no pool). */
  dbPool(): DbPoolUse | null;
  /** Open sessions and the tightest login's budget left, per broker. */
  perBroker(): Promise<ReadonlyMap<string, { sessions: number; left: number }>>;
}

export function createServerMetrics(readers: GaugeReaders): ServerMetrics {
  const registry = new Registry();
  // The process's own figures, the event-loop delay among them (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  return {
    registry,
    copyLatency: new Histogram({
      name: 'synctrade_copy_latency_seconds',
      help: 'Leader event received to the follower order sent (stage=sent) or acknowledged by the broker (stage=ack)',
      labelNames: ['broker', 'stage'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    copies: new Counter({
      name: 'synctrade_copies_total',
      help: 'Follower copy orders by how they ended: accepted by the broker, rejected, or canceled before going',
      labelNames: ['broker', 'result'],
      registers: [registry],
    }),
    rejections: new Counter({
      name: 'synctrade_copy_rejections_total',
      help: 'Copies rejected, canceled or skipped, by reason code',
      labelNames: ['broker', 'reason'],
      registers: [registry],
    }),
    corrections: new Counter({
      name: 'synctrade_reconcile_corrections_total',
      help: 'Orders reconciliation sent to bring followers to leader x ratio',
      labelNames: ['broker'],
      registers: [registry],
    }),
    sessions: new Gauge({
      name: 'synctrade_broker_sessions_open',
      help: 'Broker sessions open in this process',
      labelNames: ['broker'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const [broker, { sessions }] of await readers.perBroker()) this.set({ broker }, sessions);
      },
    }),
    budgetLeft: new Gauge({
      name: 'synctrade_broker_request_budget_left',
      help: "Requests the tightest login of the broker may send now (the login's name is never a label)",
      labelNames: ['broker'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const [broker, { left }] of await readers.perBroker()) this.set({ broker }, left);
      },
    }),
    feedSockets: new Gauge({
      name: 'synctrade_feed_sockets',
      help: 'WebSocket feed clients connected to this process',
      registers: [registry],
      collect() {
        this.set(readers.feedSockets());
      },
    }),
    dbPool: new Gauge({
      name: 'synctrade_db_pool_connections',
      help: 'PostgreSQL pool connections by state: in use, idle, and callers waiting for one (absent on PGlite)',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.reset();
        const use = readers.dbPool();
        if (use === null) return;
        this.set({ state: 'in_use' }, use.total - use.idle);
        this.set({ state: 'idle' }, use.idle);
        this.set({ state: 'waiting' }, use.waiting);
      },
    }),
  };
}
