/** Texts of the Rithmic (user name and password) connect form and its checks, shared by the drawer and the server. */
export const RITHMIC_TEXT = {
  intro:
    'Rithmic connects with your Rithmic user name and password on a gateway this server offers: no redirect. Sign the Rithmic agreements in R Trader Pro first.',
  gatewayLabel: 'Gateway',
  gatewayHint:
    'Demo gateways are for Rithmic test and paper logins; live gateways for funded and prop accounts.',
  systemLabel: 'System',
  systemHint: 'As in R Trader Pro: e.g. Rithmic Paper Trading, Rithmic 01, or your prop firm (Apex...).',
  systemPlaceholder: 'Select a system',
  systemsLoading: 'Loading the systems of this gateway...',
  systemsFailed: 'Could not load the systems of this gateway',
  systemsRetry: 'Try again',
  gatewaysLoading: 'Loading gateways...',
  gatewaysFailed: 'Could not load the gateways',
  userNameLabel: 'User name',
  passwordLabel: 'Password',
  passwordHint:
    'Checked with Rithmic now and stored encrypted on the server; it is never shown again nor sent back to the browser.',
  sessionsNote:
    'Rithmic limits sessions per login: a platform already signed in with the same login (R Trader Pro, NinjaTrader...) may be logged out, or log SyncTrade out.',
  environmentOfGateway: (environment: string) =>
    `Environment: ${environment === 'live' ? 'Live' : 'Demo'} (set by the gateway)`,
  notSetUp:
    'Rithmic is not set up on this server yet. An operator enables it by setting RITHMIC_GATEWAYS (the gateways, as name=wss:// address) and RITHMIC_APP_NAME. A production gateway is enabled only after Rithmic’s conformance test; until then only the Rithmic test gateway can be used.',
  connected: (name: string) => `Connection ${name} added successfully`,
  /** Failures the server words itself; the adapter's sign-in refusals are passed through as it words them. */
  unknownGateway: 'Unknown gateway: choose one from the list',
  environmentMismatch: (gateway: string, environment: string) =>
    `${gateway} is a ${environment === 'live' ? 'live' : 'demo'} gateway: choose ${environment === 'live' ? 'Live' : 'Demo'}`,
  noSystems: 'This gateway listed no systems; please try again later',
  refused: 'Rithmic refused the sign-in; check the system and try again',
  unreachable: 'Rithmic did not answer; please try again',
  rateLimited: 'Rithmic is limiting requests for this login; try again in a minute',
  tooManyTries: 'Too many connection attempts; please try again later',
} as const;

export const RITHMIC_VALIDATION = {
  gatewayRequired: 'Choose a gateway',
  gatewayMax: 'Gateway must be at most 100 characters',
  systemRequired: 'Choose a system',
  systemMax: 'System must be at most 100 characters',
  userNameRequired: 'User name is required',
  userNameMax: 'User name must be at most 100 characters',
  passwordRequired: 'Password is required',
  passwordMax: 'Password must be at most 200 characters',
} as const;
