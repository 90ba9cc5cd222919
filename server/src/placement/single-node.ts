import type { BrokerSession } from '../brokers/types';
import type { AccountDirectory } from '../copier/engine/ports';
import type { DeskSnapshot, Placement, PlacementChoice } from './placement';

/**
 * One server process (the default, on PGlite or PostgreSQL): it runs every user's copy group and books every paper
 * ticket, a socket's desk list is made here, and nothing is fenced or handed over.
 */
export class SingleNodePlacement implements Placement {
  readonly socketsElsewhere = false;
  readonly shutdownGraceMs = 10_000;

  owns(): boolean {
    return true;
  }

  servesPaper(): boolean {
    return true;
  }

  paperSession(opened: BrokerSession): BrokerSession {
    return opened;
  }

  storeFence(): null {
    return null;
  }

  directory(inner: AccountDirectory): AccountDirectory {
    return inner;
  }

  snapshotProvider(local: DeskSnapshot): DeskSnapshot {
    return local;
  }

  attach(): void {
    // Nothing to take or hand over: the engine opens every group itself.
  }

  async drain(): Promise<void> {
    // No other process to hand groups to.
  }

  async detach(): Promise<void> {
    // Nothing held outside this process.
  }
}

/** The single process's choice: the database and the paper venue as they always were (`SIM_SEED` or the clock). */
export function singleNode(): PlacementChoice {
  return {
    database: {},
    paperVenue: { seed: Number(process.env.SIM_SEED ?? Date.now()) },
    start: async () => new SingleNodePlacement(),
  };
}
