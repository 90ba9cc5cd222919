import { SimAuthorizations } from './authorizations';
import { SimVenue } from './venue';

let venue: SimVenue | null = null;
let authorizations: SimAuthorizations | null = null;

/**
 * The one paper venue of this process: it runs for the server's lifetime and every sim session shares it,
 * so all paper accounts see the same prices. Tests that need a seeded venue build their own SimVenue.
 */
export function sharedSimVenue(): SimVenue {
  venue ??= new SimVenue({ seed: Number(process.env.SIM_SEED ?? Date.now()), recordCommands: false });
  return venue;
}

/** Consent states and codes of the sim authorize page, shared by the adapter and the page's routes. */
export function sharedSimAuthorizations(): SimAuthorizations {
  authorizations ??= new SimAuthorizations();
  return authorizations;
}
