import { FLATTEN_MAX_IDS } from '@synctrade/api/schemas';

/**
 * The most items any list in a request may hold. A trader has at most a few hundred accounts; a longer list
 * is refused by the route's JSON Schema before any work is done, so one request can never hold the server up.
 */
export const MAX_LIST_ITEMS = FLATTEN_MAX_IDS;
