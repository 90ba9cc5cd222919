-- Copy engine: leader events, order rows (intents, copies, leader and manual orders), fills, trades, journals,
-- per-follower risk limits and persisted follower states.

CREATE TABLE copy_events (
  event_key text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE copy_orders (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  account_id integer NOT NULL REFERENCES broker_accounts (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('leader', 'copy', 'manual')),
  -- Copies: deterministic (leader event + follower); stored before the order is sent.
  client_order_id text UNIQUE,
  event_key text,
  broker_order_id text,
  symbol text NOT NULL,
  order_type text NOT NULL,
  side text NOT NULL,
  qty numeric NOT NULL,
  price numeric,
  stop_price numeric,
  status text NOT NULL,
  reason text,
  leader_order_id text,
  is_exit boolean NOT NULL DEFAULT false,
  -- False while a copy's outcome is unknown (written, maybe not sent): looked up after a restart.
  resolved boolean NOT NULL DEFAULT true,
  sent_ms double precision,
  ack_ms double precision,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, broker_order_id)
);
CREATE INDEX copy_orders_user_idx ON copy_orders (user_id, created_at DESC);
CREATE INDEX copy_orders_unresolved_idx ON copy_orders (account_id) WHERE NOT resolved;

CREATE TABLE copy_fills (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  account_id integer NOT NULL REFERENCES broker_accounts (id) ON DELETE CASCADE,
  fill_id text NOT NULL,
  broker_order_id text,
  symbol text NOT NULL,
  side text NOT NULL,
  qty numeric NOT NULL,
  price numeric NOT NULL,
  filled_at timestamptz NOT NULL,
  UNIQUE (account_id, fill_id)
);
CREATE INDEX copy_fills_user_idx ON copy_fills (user_id, filled_at);

CREATE TABLE copy_trades (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  account_id integer REFERENCES broker_accounts (id) ON DELETE SET NULL,
  external_id text NOT NULL,
  source text NOT NULL CHECK (source IN ('copier', 'import')),
  connection_name text NOT NULL DEFAULT '',
  account_name text NOT NULL DEFAULT '',
  symbol text NOT NULL,
  side text NOT NULL,
  qty numeric NOT NULL,
  entry_time timestamptz NOT NULL,
  exit_time timestamptz NOT NULL,
  entry_price numeric NOT NULL,
  exit_price numeric NOT NULL,
  pnl numeric NOT NULL,
  journal text NOT NULL DEFAULT '',
  UNIQUE (user_id, external_id)
);
CREATE INDEX copy_trades_user_idx ON copy_trades (user_id, exit_time);

CREATE TABLE copy_day_journals (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  day date NOT NULL,
  note text NOT NULL,
  PRIMARY KEY (user_id, day)
);

CREATE TABLE copy_risk (
  account_id integer PRIMARY KEY REFERENCES broker_accounts (id) ON DELETE CASCADE,
  max_contracts_per_order integer NOT NULL,
  max_net_position integer NOT NULL,
  daily_loss_limit numeric NOT NULL
);

-- A risk stop outlives a restart until the user turns following on again.
CREATE TABLE copy_account_state (
  account_id integer PRIMARY KEY REFERENCES broker_accounts (id) ON DELETE CASCADE,
  state text NOT NULL,
  reason text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
