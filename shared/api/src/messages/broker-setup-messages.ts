import { RITHMIC_TEXT } from './rithmic-messages';

/** Tradovate on a server without OAuth credentials: what the drawer and Supported brokers tell the trader. */
export const TRADOVATE_NOT_SET_UP =
  'Tradovate is not set up on this server yet. An operator enables it by registering an OAuth application with Tradovate (its redirect address is this server’s public address followed by /api/v1/brokers/tradovate/callback), setting TRADOVATE_CLIENT_ID and TRADOVATE_CLIENT_SECRET, and restarting the server.';

/** How an operator enables a broker this server has but has not set up, by broker id. */
export const BROKER_SETUP_TEXT: Readonly<Record<string, string>> = {
  tradovate: TRADOVATE_NOT_SET_UP,
  rithmic: RITHMIC_TEXT.notSetUp,
};
