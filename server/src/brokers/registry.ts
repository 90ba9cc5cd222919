import type { Db } from '../db/db';
import { hostPolicyFromEnv } from './projectx/hosts';
import { createProjectXAdapter } from './projectx/index';
import { createPaperAdapter } from './paper/adapter';
import { PaperAuthorizations } from './paper/authorizations';
import { SqlPaperAuthorizations } from './paper/sql-authorizations';
import type { PaperVenue } from './paper/venue';
import { settingsFromEnv } from './rithmic/config';
import { createRithmicAdapter } from './rithmic/index';
import { createTradovateAdapter } from './tradovate/index';
import type { BrokerAdapter } from './types';

export interface BrokerRegistry {
  get(id: string): BrokerAdapter | undefined;
  list(): BrokerAdapter[];
}

/**
 * The brokers this server can connect: always the paper broker and ProjectX (API keys, nothing to configure),
 * Tradovate when it is configured, Rithmic always (not connectable until `RITHMIC_GATEWAYS` names a gateway).
 */
export function createBrokerRegistry(options: {
  publicUrl: string;
  env: NodeJS.ProcessEnv;
  /** Where adapters keep what must survive a restart (Tradovate's client order ids). */
  db?: Db;
  paperVenue: PaperVenue;
}): BrokerRegistry {
  const adapters = new Map<string, BrokerAdapter>();
  adapters.set(
    'sim',
    createPaperAdapter({
      publicUrl: options.publicUrl,
      venue: options.paperVenue,
      // In the database on a server, so a consent started on one node of a cluster completes on another.
      authorizations:
        options.db === undefined ? new PaperAuthorizations() : new SqlPaperAuthorizations(options.db),
    }),
  );
  if (options.env.TRADOVATE_CLIENT_ID) {
    adapters.set(
      'tradovate',
      createTradovateAdapter({ publicUrl: options.publicUrl, env: options.env, db: options.db }),
    );
  }
  adapters.set(
    'projectx',
    createProjectXAdapter({
      hosts: hostPolicyFromEnv(options.env),
      db: options.db,
    }),
  );
  // Rithmic is listed either way: without gateways the catalog says how an operator sets it up.
  adapters.set('rithmic', createRithmicAdapter({ settings: settingsFromEnv(options.env) }));
  return {
    get: (id) => adapters.get(id),
    list: () => [...adapters.values()],
  };
}
