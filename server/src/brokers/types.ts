/**
 * The broker adapter contract: every broker (the built-in `sim` paper venue, Tradovate, later ProjectX)
 * turns its protocol into these normalized events and takes these normalized commands. The copy engine
 * and the API speak only this interface.
 */

export type BrokerId = 'sim' | 'tradovate' | 'projectx' | 'rithmic' | 'dxfeed';
export type Environment = 'demo' | 'live';
export type OrderSide = 'buy' | 'sell';
export type BrokerOrderType = 'Market' | 'Limit' | 'Stop';
/**
 * The broker's own order type, where the engine's three stand for several: a stop-limit and a trailing stop are
 * Stops to the engine (as Tradovate's adapter reports them), and a broker that has them says which it is.
 */
export type VenueOrderType = BrokerOrderType | 'StopLimit' | 'TrailingStop';
export type BrokerOrderStatus = 'PendingNew' | 'Working' | 'Filled' | 'Canceled' | 'Rejected';

/** What a connection stores (encrypted at rest) to talk to the broker on the user's behalf. */
export interface BrokerCredentials {
  accessToken: string;
  refreshToken?: string;
  /** Epoch milliseconds. */
  expiresAt?: number;
  /** The broker's own user id. */
  brokerUserId?: string;
  /** Brokers without OAuth (ProjectX): the API key, to sign in again when the broker ends the session. */
  apiKey?: string;
  /** Brokers with one host per firm (ProjectX): the REST base and the realtime hub this connection uses. */
  restUrl?: string;
  hubUrl?: string;
  /** Brokers that sign in with a user name and password (Rithmic): the password, never sent to the browser. */
  password?: string;
  /** Rithmic: the system chosen among those the gateway lists (e.g. "Rithmic Paper Trading", "Apex"). */
  systemName?: string;
  /** Rithmic: the name of the operator-configured gateway (its address stays in the server's settings). */
  gateway?: string;
}

/** What the user gives to connect a broker that signs in with an API key instead of OAuth. */
export interface ApiKeyConnectParams {
  userName: string;
  apiKey: string;
  environment: Environment;
  restUrl: string;
  hubUrl: string;
}

/** What the user gives to connect a broker that signs in with a user name and password (Rithmic). */
export interface LoginConnectParams {
  userName: string;
  password: string;
  /** One of the systems `listSystems(gateway)` answered. */
  systemName: string;
  /** The name of one of `gateways()`. */
  gateway: string;
  environment: Environment;
}

/** A gateway the operator configured for a broker that signs in with a password; its address is not shown. */
export interface BrokerGateway {
  name: string;
  /** A test or paper gateway (Rithmic's test gateway), or one enabled for real accounts after conformance. */
  environment: Environment;
}

export interface BrokerAccountInfo {
  /** The broker's account id, as a string whatever its native type. */
  externalId: string;
  name: string;
  currency: string;
  currencySymbol: string;
  cashBalance: number;
  active: boolean;
}

export interface AuthorizationResult {
  credentials: BrokerCredentials;
  /** Shown as the connection's Username. */
  userData: string;
  accounts: BrokerAccountInfo[];
}

export interface PlaceOrderCommand {
  accountExternalId: string;
  /** Deterministic and unique: leader event + follower account for copies. */
  clientOrderId: string;
  /** Contract name as the broker knows it, e.g. ESZ6. */
  symbol: string;
  side: OrderSide;
  qty: number;
  type: BrokerOrderType;
  price?: number;
  stopPrice?: number;
  /** The broker's own type when it is more than `type` says (a StopLimit: `price` is its limit). */
  venueType?: VenueOrderType;
  /** A trailing stop's distance from the best price, in points. */
  trail?: number;
  /** Bracket children, placed OCO-linked once the entry fills. */
  bracket?: { stopLoss?: number; takeProfit?: number };
  /**
   * A sibling placed with this order, one-cancels-other: same account, contract, side and size, its own client
   * order id (a follower's stop loss and take profit). Only sessions with `linksOco` take it.
   */
  oco?: OcoSibling;
}

export interface OcoSibling {
  clientOrderId: string;
  type: Exclude<BrokerOrderType, 'Market'>;
  price?: number;
  stopPrice?: number;
}

export interface ModifyOrderCommand {
  accountExternalId: string;
  orderId: string;
  qty: number;
  type: BrokerOrderType;
  price?: number;
  stopPrice?: number;
  /** A trailing stop's new distance (brokers that modify it). */
  trail?: number;
}

export interface BrokerOrder {
  orderId: string;
  clientOrderId: string | null;
  accountExternalId: string;
  symbol: string;
  side: OrderSide;
  qty: number;
  filledQty: number;
  type: BrokerOrderType;
  price: number | null;
  stopPrice: number | null;
  status: BrokerOrderStatus;
  /** Why the broker rejected it. */
  reason: string | null;
  /** Id of the parent order for bracket children. */
  parentOrderId: string | null;
  /** Epoch milliseconds. */
  time: number;
  /** The broker's own type, where it reports one (see `VenueOrderType`). */
  venueType?: VenueOrderType;
  /** A trailing stop's distance from the best price, in points. */
  trail?: number | null;
  /** The other order of a one-cancels-other pair, where the broker reports the link. */
  linkedOrderId?: string | null;
  /**
   * A placement's answer only: what the broker was sent instead of the order asked for, and why (a type it does
   * not take). The copy shows it as its reason.
   */
  sentAs?: string;
}

export interface BrokerPosition {
  accountExternalId: string;
  symbol: string;
  /** Signed: long > 0, short < 0. */
  netPos: number;
  avgPrice: number;
}

export interface AccountSnapshot {
  accountExternalId: string;
  cashBalance: number;
  /** Realized P&L since the session start (18:00 New York). */
  realizedPnl: number;
  openPnl: number;
}

/** A rejection a broker answered, or a problem that kept the command from being sent. */
export class BrokerError extends Error {
  constructor(
    message: string,
    readonly code:
      | 'rejected'
      | 'rate_limited'
      | 'unauthorized'
      | 'not_found'
      | 'unavailable'
      /** The request may or may not have reached the broker: look the order up before retrying. */
      | 'uncertain',
    /** For rate limits: when the budget allows the next request (epoch ms). */
    readonly retryAt?: number,
    /**
     * For an `uncertain` request: when it left us (epoch ms). Given up before its timeout (its connection
     * closed), it may still land as late as one given up at its timeout (`UncertainSends`).
     */
    readonly sentAt?: number,
  ) {
    super(message);
    this.name = 'BrokerError';
  }
}

/** A fill as the venue reports it. */
export interface BrokerFill {
  fillId: string;
  orderId: string;
  accountExternalId: string;
  symbol: string;
  side: OrderSide;
  qty: number;
  price: number;
  /** Epoch milliseconds. */
  time: number;
}

/**
 * When the frame that carried an order or fill event was read from the broker's socket (`wallClock()`, ms since
 * the epoch): the copier's latency starts there, so a wait inside the adapter counts. Absent where no frame was
 * read (the paper broker runs in the server).
 */
interface Heard {
  heardAt?: number;
}

export type BrokerEvent =
  | ({ kind: 'order'; order: BrokerOrder } & Heard)
  | ({ kind: 'fill'; clientOrderId: string | null } & BrokerFill & Heard)
  | { kind: 'position'; position: BrokerPosition }
  | { kind: 'account'; account: AccountSnapshot }
  /** The session lost its feed (`up: false`) or got it back after a fresh snapshot (`up: true`). */
  | { kind: 'connection'; up: boolean; reason?: string }
  /** Credentials expired and could not be renewed: the user must authorize again. */
  | { kind: 'reauth_required'; reason: string };

/** A live session with the broker for one connection. */
export interface BrokerSession {
  /** Takes `PlaceOrderCommand.oco`: the two orders are linked at the broker or by the adapter. */
  readonly linksOco?: boolean;
  /**
   * When the adapter's own request budget for this broker login lets the next request go (epoch ms; now or
   * earlier: at once). The engine hands an order over only then, so no order waits inside the adapter.
   */
  nextRequestAt?(): number;
  /**
   * When the broker was last heard on this session (epoch ms): any frame, heartbeats included, where the adapter
   * sees them. Absent: the engine counts the session's events only.
   */
  lastHeardAt?(): number | null;
  /** Accounts with balances. */
  listAccounts(): Promise<BrokerAccountInfo[]>;
  /** Current positions and working orders, for reconciliation after a (re)connect. */
  positions(): Promise<BrokerPosition[]>;
  workingOrders(): Promise<BrokerOrder[]>;
  accountSnapshots(): Promise<AccountSnapshot[]>;
  /** Looks an order up by the client order id we gave it; null when the broker never saw it. */
  findOrderByClientId(accountExternalId: string, clientOrderId: string): Promise<BrokerOrder | null>;
  placeOrder(command: PlaceOrderCommand): Promise<BrokerOrder>;
  modifyOrder(command: ModifyOrderCommand): Promise<void>;
  cancelOrder(accountExternalId: string, orderId: string): Promise<void>;
  /** Cancels the account's working orders and closes its positions (all symbols, or one). */
  flatten(accountExternalId: string, symbol?: string): Promise<void>;
  /** Normalized events; returns the unsubscribe function. */
  subscribe(listener: (event: BrokerEvent) => void): () => void;
  /** Credentials after a renewal, for the caller to store again. */
  currentCredentials(): BrokerCredentials;
  close(): Promise<void>;
}

export interface BrokerSessionOptions {
  connectionId: number;
  environment: Environment;
  credentials: BrokerCredentials;
  /** Called whenever the adapter renewed its credentials, so they are stored (encrypted) again. */
  onCredentialsRenewed?: (credentials: BrokerCredentials) => void;
}

export interface BrokerAdapter {
  id: BrokerId;
  name: string;
  /** False for brokers listed as "coming soon". */
  connectable: boolean;
  /** Requests per minute per broker user that the engine may spend (Tradovate about 80). */
  requestsPerMinute: number;
  /**
   * Records the consent request where the consent page finds it, whichever server node the browser reaches (the
   * paper broker's own page); called before `authorizeUrl`. Brokers with their own consent page have none.
   */
  prepareAuthorization?(params: {
    state: string;
    environment: Environment;
    redirectUri: string;
  }): Promise<void>;
  /** The address the browser goes to for the user's consent; `state` is ours and single use. */
  authorizeUrl(params: { state: string; environment: Environment; redirectUri: string }): string;
  /** Exchanges the code the consent page gave back. */
  completeAuthorization(params: {
    code: string;
    environment: Environment;
    redirectUri: string;
  }): Promise<AuthorizationResult>;
  openSession(options: BrokerSessionOptions): Promise<BrokerSession>;
  /** Brokers without OAuth: checks the user name and API key at the broker; the answer is what to store. */
  connectWithApiKey?(params: ApiKeyConnectParams): Promise<AuthorizationResult>;
  /** Brokers that sign in with a user name and password (Rithmic): the gateways the operator configured. */
  gateways?(): BrokerGateway[];
  /** The systems a gateway lists (Rithmic's system info, asked before any login). */
  listSystems?(gateway: string): Promise<string[]>;
  /**
   * Signs in with the user name and password on the chosen system and gateway; the answer is what to store (the
   * password inside the encrypted credentials). A wrong password, a missing agreement and too many sessions are
   * `BrokerError('unauthorized')` with their own messages.
   */
  connectWithLogin?(params: LoginConnectParams): Promise<AuthorizationResult>;
}
