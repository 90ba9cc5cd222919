/** JSON Schemas of the product's entities (spec section 3): the wire types in `../types` are derived from them. */
import { Type } from '@sinclair/typebox';
import { Nullable, StringEnum } from './helpers';

export const ThemeSchema = StringEnum(['dark', 'light'] as const);
export const EnvironmentSchema = StringEnum(['demo', 'live'] as const);
export const BrokerIdSchema = StringEnum(['tradovate', 'rithmic', 'dxfeed', 'projectx', 'sim'] as const);
export const SideSchema = StringEnum(['buy', 'sell'] as const);
const Id = Type.Integer({ minimum: 1 });
const IsoTime = Type.String({ format: 'date-time', description: 'ISO 8601' });

export const ProfileSchema = Type.Object({
  id: Id,
  username: Type.String(),
  email: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  bio: Type.String(),
  photo_url: Nullable(
    Type.String({ description: 'Public address of the profile photo, or null when none was uploaded.' }),
  ),
  two_factor_enabled: Type.Boolean(),
});

export const BrokerSchema = Type.Object({
  id: BrokerIdSchema,
  name: Type.String(),
  connectable: Type.Boolean({ description: 'False for brokers listed as "coming soon".' }),
  needs_setup: Type.Optional(
    Type.Boolean({
      description:
        'True when this server has the broker but its operator has not configured it yet (Tradovate without OAuth credentials, Rithmic without gateways).',
    }),
  ),
});

export const ConnectionStatusSchema = StringEnum(['connected', 'reauth_required', 'disconnected'] as const);

export const ConnectionSchema = Type.Object({
  id: Id,
  connection_name: Type.String(),
  enabled: Type.Boolean(),
  broker_name: BrokerIdSchema,
  account_count: Type.Integer({ minimum: 0 }),
  environment: EnvironmentSchema,
  status: ConnectionStatusSchema,
});

export const ConnectionInfoSchema = Type.Object({
  id: Id,
  connection_name: Type.String(),
  user_data: Type.String({ description: 'The broker user the connection signed in as (shown as Username).' }),
  broker_name: BrokerIdSchema,
  environment: EnvironmentSchema,
});

export const BrokerAccountSchema = Type.Object({
  id: Id,
  account_name: Type.String(),
  currency_name: Type.String(),
  currency_symbol: Type.String(),
  cash_balance: Type.Number(),
  active: Type.Boolean(),
  enabled: Type.Boolean(),
});

export const ConnectionDetailsSchema = Type.Object({
  connection: ConnectionInfoSchema,
  accounts: Type.Array(BrokerAccountSchema),
});

export const AccountSummarySchema = Type.Composite(
  [
    BrokerAccountSchema,
    Type.Object({ connection_id: Id, connection_name: Type.String(), broker_name: BrokerIdSchema }),
  ],
  { description: 'One row of `GET /brokers/accounts`: an account with the connection it belongs to.' },
);

export const PositionSideSchema = StringEnum(['long', 'short', 'flat'] as const);

export const FollowerStateSchema = StringEnum(
  ['ok', 'out_of_sync', 'rate_limited', 'risk_stopped', 'disconnected', 'reauth_required'] as const,
  { description: 'Why a follower is not copying normally; `ok` when it is.' },
);

export const FollowerThrottleSchema = Type.Object(
  {
    queued: Type.Integer({ minimum: 0, description: "Requests waiting for the broker's request limit." }),
    next_send_at: Nullable(IsoTime),
    target_qty: Type.Number({ description: 'Signed position the follower converges to (leader × ratio).' }),
    position: Type.Number({ description: 'Signed position now, counting copies on their way.' }),
    limit_per_minute: Type.Number({
      minimum: 0,
      description: "The broker login's request budget per minute.",
    }),
  },
  { description: "A follower waiting on its broker login's request limit; absent or null when it is not." },
);

/** A follower's copy settings beyond ratio and Cross. */
export const CopySettingsSchema = Type.Object({
  fixed_qty: Nullable(
    Type.Integer({
      minimum: 1,
      maximum: 1000,
      description:
        "Contracts held on the leader's side whenever the leader holds a position (copied on its fills); null: leader × ratio.",
    }),
  ),
  copy_mode: StringEnum(['mirror', 'fills'] as const, {
    description:
      "mirror: the leader's working orders are mirrored; fills: only its fills are copied, as market orders. A fixed quantity always copies fills.",
  }),
  contracts: Type.Array(Type.String(), {
    maxItems: 8,
    description:
      'Only these contract roots are copied into the follower (its own contract); empty: every contract.',
  }),
});

export const SyncAccountSchema = Type.Object({
  id: Id,
  account_id: Type.String({ description: "The broker's own account number." }),
  account_name: Type.String(),
  connection: Type.Integer({ description: 'Connection id.' }),
  connection_name: Type.String(),
  accounts: Type.String({ description: "Account label shown in the desk's Accounts column." }),
  broker_name: BrokerIdSchema,
  side: PositionSideSchema,
  balance: Type.Number(),
  avg_price: Type.Number(),
  day_pnl: Type.Number(),
  open_pnl: Type.Number(),
  qty: Type.Number({ minimum: 0 }),
  ratio: Type.Number(),
  cross: Type.Boolean(),
  is_master: Type.Boolean(),
  is_follower: Type.Boolean(),
  enabled: Type.Boolean(),
  auto_sync: Type.Boolean(),
  state: FollowerStateSchema,
  state_reason: Nullable(Type.String({ description: 'Human text for a state other than `ok`.' })),
  currency_symbol: Type.String(),
  throttle: Type.Optional(Nullable(FollowerThrottleSchema)),
  pace_warning: Type.Optional(
    Nullable(
      Type.String({
        description:
          "On a follower whose broker login needs more requests per leader order than its budget allows at the leader's recent pace: the arithmetic, in words.",
      }),
    ),
  ),
  group_id: Type.Optional(
    Nullable(
      Type.Integer({
        description: "The account's copy group (`GET /copier/groups`); null before it has one.",
      }),
    ),
  ),
  copy_settings: Type.Optional(CopySettingsSchema),
});

/** A broker connection's live session as the copier holds it: when the broker was last heard, and its request budget. */
export const ConnectionHealthSchema = Type.Object({
  connection_id: Id,
  session_open: Type.Boolean({
    description:
      'The copier holds a session to the broker for it (false while it cannot open, or is switched off).',
  }),
  up: Type.Boolean({ description: "The session's live feed is connected." }),
  last_heard_at: Nullable(
    Type.String({
      format: 'date-time',
      description:
        'The last message from the broker: an event, an answer or a heartbeat. Null without a session.',
    }),
  ),
  budget_left: Nullable(
    Type.Integer({
      description: "Requests the broker login's budget lets go at once now. Null without a session.",
    }),
  ),
  budget_per_minute: Nullable(
    Type.Integer({
      description:
        "Requests a minute the copier may spend on the login (the broker's limit, less a reserve).",
    }),
  ),
});

/** A copy group: one leader and its followers; every account of the trader belongs to exactly one group. */
export const CopyGroupSchema = Type.Object({
  id: Id,
  name: Type.String(),
  paused: Type.Boolean({ description: 'A paused group copies nothing until resumed.' }),
  first: Type.Boolean({
    description:
      "The trader's first group: it holds every account not placed in another one and cannot be deleted.",
  }),
  leader_account_id: Nullable(Type.Integer({ description: "The group's leader; null while it has none." })),
  account_ids: Type.Array(Type.Integer(), {
    description: 'Every account of the group (its leader included).',
  }),
  follower_account_ids: Type.Array(Type.Integer(), { description: 'The accounts that copy its leader.' }),
  leader_breach: Nullable(
    Type.String({
      description:
        "Its leader broke its own firm rule: the group copies no entries (exits still go) until the rule's day ends. Null otherwise.",
    }),
  ),
});

export const OrderStatusSchema = StringEnum([
  'Success',
  'Working',
  'Pending New',
  'Rejected',
  'Canceled',
] as const);
export const OrderTypeSchema = StringEnum(['Market', 'Limit', 'Stop'] as const);
export const OrderRoleSchema = StringEnum(['leader', 'copy', 'manual'] as const);

export const OrderSchema = Type.Object({
  id: Id,
  connection: Type.String(),
  account: Type.String(),
  time: IsoTime,
  contract: Type.String(),
  type: OrderTypeSchema,
  side: SideSchema,
  qty: Type.Number(),
  price: Nullable(Type.Number()),
  status: OrderStatusSchema,
  reason: Nullable(Type.String({ description: 'Why the order was rejected or skipped, when it was.' })),
  role: OrderRoleSchema,
  latency_ms: Nullable(
    Type.Number({ description: 'Leader event received → follower order acknowledged, for copies.' }),
  ),
});

export const OrderDataSchema = Type.Object({
  total_orders: Type.Integer({ minimum: 0 }),
  summary: Type.Object({
    buy_orders: Type.Integer({ minimum: 0 }),
    sell_orders: Type.Integer({ minimum: 0 }),
  }),
  orders: Type.Array(OrderSchema),
});

export const TradeSourceSchema = StringEnum(['copier', 'import'] as const);

export const TradeSchema = Type.Object({
  id: Id,
  time: Type.String({ format: 'date-time', description: 'Entry time, ISO 8601.' }),
  exit_time: IsoTime,
  duration: Type.Number({ minimum: 0, description: 'Seconds between entry and exit.' }),
  connection: Type.String(),
  account: Type.String(),
  symbol: Type.String(),
  side: SideSchema,
  qty: Type.Number(),
  avgEntry: Type.Number(),
  avgExit: Type.Number(),
  pts: Type.Number(),
  pnl: Type.Number(),
  journal: Type.String(),
  source: TradeSourceSchema,
});

/** The range's statistics, computed by the server (paged history form). Money in dollars, rounded to cents. */
export const HistorySummarySchema = Type.Object({
  trades: Type.Integer({ minimum: 0 }),
  wins: Type.Integer({ minimum: 0, description: 'Trades with P&L above 0.' }),
  losses: Type.Integer({ minimum: 0, description: 'Trades with P&L below 0.' }),
  gross_profit: Type.Number({ minimum: 0 }),
  gross_loss: Type.Number({ minimum: 0, description: 'Sum of the losing trades, as a positive number.' }),
  net_pnl: Type.Number(),
  contracts: Type.Number({ minimum: 0 }),
});
export const HistoryDaySchema = Type.Object({
  day: Type.String({ format: 'date', description: 'The exit date in the asked time zone.' }),
  pnl: Type.Number({ description: "The day's net P&L." }),
  trades: Type.Integer({ minimum: 1 }),
  wins: Type.Integer({ minimum: 0, description: 'Trades with P&L above 0.' }),
  losses: Type.Integer({ minimum: 0, description: 'Trades with P&L below 0.' }),
  gross_profit: Type.Number({ minimum: 0 }),
  gross_loss: Type.Number({ minimum: 0, description: 'Sum of the losing trades, as a positive number.' }),
  contracts: Type.Number({ minimum: 0 }),
});
/**
 * The spec's history object (`trades`). The paged form (asked with `limit`) adds `total`, `offset`, `limit`,
 * `summary` and `days`, and `trades` holds one page.
 */
export const HistoryDataSchema = Type.Object({
  trades: Type.Array(TradeSchema),
  total: Type.Optional(Type.Integer({ minimum: 0 })),
  offset: Type.Optional(Type.Integer({ minimum: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1 })),
  summary: Type.Optional(HistorySummarySchema),
  days: Type.Optional(Type.Array(HistoryDaySchema)),
});

export const DayJournalSchema = Type.Object({
  date: Type.String({ format: 'date', description: 'YYYY-MM-DD' }),
  note: Type.String(),
});

export const RiskSettingsSchema = Type.Object({
  max_contracts_per_order: Type.Integer({ minimum: 1, maximum: 10_000 }),
  max_net_position: Type.Integer({ minimum: 1, maximum: 10_000 }),
  daily_loss_limit: Type.Number({
    minimum: 0,
    maximum: 100_000_000,
    description: 'Dollars in whole cents; 0: no limit.',
  }),
  auto_sync: Type.Boolean(),
});

export const NotificationKindSchema = StringEnum([
  'risk_stop',
  'copy_failed',
  'out_of_sync',
  'broker_disconnected',
  'info',
] as const);

export const NotificationSchema = Type.Object({
  id: Id,
  kind: NotificationKindSchema,
  title: Type.String(),
  message: Type.String(),
  created_at: IsoTime,
  read: Type.Boolean(),
  account_id: Type.Optional(
    Nullable(
      Type.Integer({
        description: 'The account it is about (a follower a copy or a rule concerned), when it is about one.',
      }),
    ),
  ),
});

export const MarketQuoteSchema = Type.Object({
  id: Id,
  symbol: Type.String({
    // A month code and a year digit after the root: a quote never names a bare root (`ES`).
    pattern: '^[A-Z]{1,4}[FGHJKMNQUVXZ][0-9]$',
    description: 'The front-month contract: root, month code, last digit of the year (`ESZ6`).',
  }),
  price: Type.Number(),
  change: Type.Number({ description: 'Percent change since the session open.' }),
  dir: StringEnum(['up', 'down'] as const),
});

/** An order working at the broker on one of the user's accounts (the desk's confirmations list them). */
export const WorkingOrderSchema = Type.Object({
  account: Type.Integer({ description: "The account's id on the desk." }),
  account_name: Type.String(),
  order_id: Type.String(),
  contract: Type.String(),
  side: SideSchema,
  type: OrderTypeSchema,
  qty: Type.Number({ description: 'Quantity still to fill.' }),
  price: Nullable(Type.Number()),
  stop_price: Nullable(Type.Number()),
});

/** A paper account's ledger as the paper broker holds it. */
export const PaperLedgerSchema = Type.Object({
  cash_balance: Type.Number(),
  realized_pnl: Type.Number(),
  open_pnl: Type.Number(),
  positions: Type.Array(
    Type.Object({ symbol: Type.String(), net_pos: Type.Number(), avg_price: Type.Number() }),
  ),
  working_orders: Type.Array(
    Type.Object({
      order_id: Type.String(),
      symbol: Type.String(),
      side: SideSchema,
      qty: Type.Number(),
      type: OrderTypeSchema,
      /** The paper broker's own type: a StopLimit and a TrailingStop are Stops to the copier (`type`). */
      order_type: StringEnum(['Market', 'Limit', 'Stop', 'StopLimit', 'TrailingStop'] as const),
      price: Nullable(Type.Number()),
      stop_price: Nullable(Type.Number()),
      trail: Nullable(
        Type.Number({ description: "A trailing stop's distance from the best price, in points." }),
      ),
      linked_order_id: Nullable(
        Type.String({
          description: 'The other leg of a one-cancels-other pair (a bracket stop and target).',
        }),
      ),
    }),
  ),
});
