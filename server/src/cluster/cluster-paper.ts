import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db';
import type { PlacementChoice } from '../placement/placement';

/** The paper accounts of a copy group, taken into this node's venue with the group and given back with it. */
export interface HeldPaperAccounts {
  adopt(externalIds: readonly string[]): Promise<void>;
  evict(externalIds: readonly string[]): Promise<void>;
}

/**
 * What cluster mode needs of the paper broker, built by the composition root (`app.ts`), so cluster code builds
 * no paper broker object itself: prices every node computes alike, and the hold on accounts once the venue is open.
 */
export interface ClusterPaper {
  prices: NonNullable<PlacementChoice['paperVenue']['prices']>;
  accounts(venue: FastifyInstance['paperVenue'], db: Db): HeldPaperAccounts;
}
