import type { FastifyInstance } from 'fastify';
import type { CopyEngine } from '../engine/engine';
import { deskAccounts } from './sync-accounts';

const COALESCE_MS = 150;

/**
 * Pushes a fresh `account_data` to a user when one of their accounts changed, at most every 150 ms per
 * user (bursts of fills and price ticks are merged), and only when something the desk shows changed.
 */
export class DeskPublisher {
  private readonly timers = new Map<number, NodeJS.Timeout>();
  private readonly last = new Map<number, string>();
  private stopped = false;

  constructor(
    private readonly app: FastifyInstance,
    private readonly engine: CopyEngine,
    /** A cluster: the user's sockets may be on other nodes, so the list is published whatever this node holds. */
    private readonly options: {
      socketsElsewhere?: boolean;
      /**
       * A cluster: whether this node owns the user's copy group. Only the owner publishes: a list computed by a
       * node handing the group over could reach the sockets after the new owner's and leave them on stale values.
       */
      owns?: (userId: number) => boolean;
    } = {},
  ) {}

  /** Publishes the user's list even if it equals the last one sent from here (a group just taken over). */
  republish(userId: number): void {
    this.last.delete(userId);
    this.touch(userId);
  }

  touch(userId: number): void {
    if (this.stopped || this.timers.has(userId)) return;
    const timer = setTimeout(() => {
      this.timers.delete(userId);
      void this.publish(userId);
    }, COALESCE_MS);
    timer.unref();
    this.timers.set(userId, timer);
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private async publish(userId: number): Promise<void> {
    if (this.stopped || (!this.options.socketsElsewhere && this.app.realtime.socketCount(userId) === 0)) {
      this.last.delete(userId);
      return;
    }
    const owns = this.options.owns ?? ((): boolean => true);
    try {
      if (!owns(userId)) {
        this.last.delete(userId);
        return;
      }
      const accounts = await deskAccounts(this.app.db, this.engine, userId);
      // Handed over while the list was read: the new owner publishes its own.
      if (!owns(userId)) {
        this.last.delete(userId);
        return;
      }
      const text = JSON.stringify(accounts);
      if (this.last.get(userId) === text) return;
      this.last.set(userId, text);
      this.app.realtime.publish(userId, { type: 'account_data', accounts });
    } catch (error: unknown) {
      if (!this.stopped) this.app.log.error({ err: error }, 'account feed update failed');
    }
  }
}
