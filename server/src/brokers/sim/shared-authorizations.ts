import { SimAuthorizations } from './authorizations';

let authorizations: SimAuthorizations | null = null;

/** Consent states and codes of the sim authorize page, shared by the adapter and the page's routes. */
export function sharedSimAuthorizations(): SimAuthorizations {
  authorizations ??= new SimAuthorizations();
  return authorizations;
}
