/**
 * What the OpenAPI document says about each route beyond its schemas: a one-line summary (routes that name
 * their own, such as sign-in, keep it), and the values of a path parameter listed as paths of their own.
 */
import type { RouteKey } from './routes';

const API = '/api/v1';

export const ROUTE_SUMMARIES: Partial<Record<RouteKey, string>> = {
  [`GET ${API}/openapi.json`]: 'This OpenAPI document',
  [`POST ${API}/auth/logout`]: 'Sign out (ends this session and its feed sockets)',
  [`POST ${API}/auth/forgot-password`]: 'Mail a password reset link',
  [`POST ${API}/auth/reset-password`]: 'Set a new password with a reset link',
  [`POST ${API}/auth/profile/password`]: 'Change the password (signs out other sessions)',
  [`GET ${API}/auth/2fa`]: 'Whether two-factor sign-in is on',
  [`POST ${API}/auth/2fa/setup`]: 'Start two-factor setup (secret and QR code)',
  [`POST ${API}/auth/2fa/enable`]: 'Turn two-factor sign-in on with a code',
  [`POST ${API}/auth/2fa/disable`]: 'Turn two-factor sign-in off with a code',
  [`GET ${API}/auth/profile`]: "The signed-in user's profile",
  [`PUT ${API}/auth/profile`]: 'Update the profile',
  [`POST ${API}/auth/profile/photo`]: 'Upload the profile photo (multipart field photo)',
  [`GET ${API}/photos/:id`]: 'A profile photo by its address',
  [`GET ${API}/brokers`]: 'Brokers the server can connect',
  [`GET ${API}/brokers/:broker/connect`]: 'Start connecting a broker that signs in on its own page',
  [`POST ${API}/brokers/:broker/connect-key`]: 'Connect a broker with a user name and API key',
  [`GET ${API}/brokers/:broker/gateways`]: 'Gateways of a broker that signs in with a password (names only)',
  [`GET ${API}/brokers/:broker/systems`]: 'Systems a gateway lists (asked before any sign-in)',
  [`POST ${API}/brokers/:broker/connect-login`]: 'Connect a broker with a user name and password',
  [`GET ${API}/brokers/:broker/callback`]: 'Where the broker sends the browser back after signing in',
  [`GET ${API}/brokers/connections`]: "The user's broker connections",
  [`GET ${API}/brokers/connections/:id/account-info`]: 'One connection with its accounts',
  [`DELETE ${API}/brokers/connections/:id`]: 'Delete a connection',
  [`PUT ${API}/brokers/connections/:id/accounts/:param`]: 'Enable or disable every account of a connection',
  [`PUT ${API}/brokers/connections/:id/:param`]: 'Enable or disable a connection',
  [`GET ${API}/brokers/accounts`]: "Every account of the user's connections",
  [`PUT ${API}/brokers/accounts/:id/:param`]: 'Enable or disable an account',
  [`GET ${API}/notifications`]: 'Notifications and the unread count',
  [`PUT ${API}/notifications/read-all`]: 'Mark every notification read',
  [`PUT ${API}/notifications/:id/read`]: 'Mark a notification read',
  [`GET ${API}/dev/outbox/latest`]: 'The latest mail to an address (tests only, off by default)',
  [`PUT ${API}/copier/accounts/:id/master`]: 'Make an account the leader',
  [`GET ${API}/copier/orders/working`]: 'Orders working at the brokers',
  [`GET ${API}/sim/accounts/:id/ledger`]: "A paper account's ledger",
  [`PUT ${API}/copier/accounts/:id/follower`]: 'Toggle whether an account follows the leader',
  [`PUT ${API}/copier/accounts/:id/ratio`]: "Set a follower's size ratio",
  [`PUT ${API}/copier/accounts/:id/cross`]: 'Set whether a follower copies the opposite side (Cross)',
  [`PUT ${API}/copier/followers/disable-all`]: 'Stop every follower',
  [`GET ${API}/copier/groups`]: "The trader's copy groups",
  [`POST ${API}/copier/groups`]: 'Create a copy group',
  [`PUT ${API}/copier/groups/:id/name`]: 'Rename a copy group',
  [`POST ${API}/copier/groups/:id/pause`]: 'Pause a copy group (it copies nothing until resumed)',
  [`POST ${API}/copier/groups/:id/resume`]: 'Resume a paused copy group',
  [`DELETE ${API}/copier/groups/:id`]: 'Delete a copy group (its accounts go back to the first group)',
  [`POST ${API}/copier/groups/:id/accounts`]:
    'Move an account into a copy group (keep or align its position)',
  [`GET ${API}/copier/accounts/:id/risk`]: "A follower's risk settings",
  [`PUT ${API}/copier/accounts/:id/risk`]: "Change a follower's risk settings",
  [`POST ${API}/copier/accounts/:id/sync`]: "Bring a follower to the leader's position now",
  [`GET ${API}/brokers/accounts/table`]: 'The Sync Desk rows',
  [`POST ${API}/brokers/accounts/flatten-positions`]: 'Flatten the positions of the listed accounts',
  [`POST ${API}/copier/orders/cancel-all`]: 'Cancel every working order',
  [`GET ${API}/copier/order-data/:userId`]: "The user's orders with buy and sell counts",
  [`GET ${API}/copier/trade-history/:userId`]: 'Trade history (every trade, or one page with statistics)',
  [`POST ${API}/copier/trade-history/import`]: 'Import trades read from a CSV file',
  [`PUT ${API}/copier/trade-history/trades/:tradeId/journal`]: "Write a trade's journal note",
  [`GET ${API}/copier/journal/days`]: 'Day journal notes in a range',
  [`PUT ${API}/copier/journal/days/:date`]: "Write a day's journal note",
  [`GET ${API}/market/quotes`]: 'Front-month quotes',
  [`POST ${API}/sim/orders`]: 'Place an order on a paper account',
  [`GET ${API}/propfirm/presets`]: 'Prop-firm rule presets and the news calendar',
  [`GET ${API}/propfirm/accounts/:id/rules`]: "An account's firm rules",
  [`PUT ${API}/propfirm/accounts/:id/rules`]: "Set an account's firm rules",
  [`PATCH ${API}/propfirm/accounts/:id/rules`]: "Change one value of an account's firm rules",
  [`DELETE ${API}/propfirm/accounts/:id/rules`]: "Remove an account's firm rules",
  [`GET ${API}/propfirm/headroom`]: "Room left under each guarded account's rules",
  [`GET ${API}/propfirm/mail-settings`]: 'Whether firm rule actions are mailed',
  [`PUT ${API}/propfirm/mail-settings`]: 'Turn mails of firm rule actions on or off',
  [`GET ${API}/propfirm/events`]: 'News events the user added',
  [`POST ${API}/propfirm/events`]: 'Add a news event',
  [`DELETE ${API}/propfirm/events/:id`]: 'Delete a news event',
  'GET /ws/accounts': 'The realtime feed (WebSocket)',
  'GET /config.json': "The web app's configuration",
  'GET /remotes.json': 'Where the web app loads its parts from',
  'GET /*': "The web app's pages",
};

/**
 * A path parameter beside a literal segment makes paths ambiguous (`/brokers/{broker}/connect-key` and
 * `/brokers/connections/{id}` both match `/brokers/connections/connect-key`): the document lists one path per
 * broker that takes the route instead.
 */
export const ROUTE_PATH_VALUES: Partial<Record<RouteKey, Record<string, readonly string[]>>> = {
  [`GET ${API}/brokers/:broker/connect`]: { broker: ['sim', 'tradovate'] },
  [`GET ${API}/brokers/:broker/callback`]: { broker: ['sim', 'tradovate'] },
  [`POST ${API}/brokers/:broker/connect-key`]: { broker: ['projectx'] },
  [`GET ${API}/brokers/:broker/gateways`]: { broker: ['rithmic'] },
  [`GET ${API}/brokers/:broker/systems`]: { broker: ['rithmic'] },
  [`POST ${API}/brokers/:broker/connect-login`]: { broker: ['rithmic'] },
};
