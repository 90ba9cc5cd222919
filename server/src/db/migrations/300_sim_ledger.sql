-- The paper broker's ledger: accounts with their money, positions, orders (working and done), fills, the
-- markets' last prices, and the block sequence its order and fill ids are drawn from (ids never repeat).

CREATE TABLE sim_accounts (
  external_id text PRIMARY KEY,
  name text NOT NULL,
  starting_balance numeric NOT NULL,
  realized_total double precision NOT NULL DEFAULT 0,
  realized_day double precision NOT NULL DEFAULT 0,
  day_key text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sim_positions (
  external_id text NOT NULL REFERENCES sim_accounts (external_id) ON DELETE CASCADE,
  symbol text NOT NULL,
  net_pos integer NOT NULL,
  avg_price double precision NOT NULL,
  PRIMARY KEY (external_id, symbol)
);

CREATE TABLE sim_orders (
  order_id text PRIMARY KEY,
  external_id text NOT NULL REFERENCES sim_accounts (external_id) ON DELETE CASCADE,
  client_order_id text,
  symbol text NOT NULL,
  side text NOT NULL,
  qty integer NOT NULL,
  filled_qty integer NOT NULL,
  order_type text NOT NULL,
  price double precision,
  stop_price double precision,
  status text NOT NULL,
  reason text,
  parent_order_id text,
  oco_with text,
  bracket jsonb,
  time_ms double precision NOT NULL
);
-- The venue answers look-ups by client order id for its first order of that id only (a copier's resend).
CREATE INDEX sim_orders_client_idx ON sim_orders (external_id, client_order_id) WHERE client_order_id IS NOT NULL;
CREATE INDEX sim_orders_working_idx ON sim_orders (external_id) WHERE status = 'Working';
CREATE INDEX sim_orders_time_idx ON sim_orders (time_ms);

CREATE TABLE sim_fills (
  fill_id text PRIMARY KEY,
  order_id text NOT NULL,
  external_id text NOT NULL REFERENCES sim_accounts (external_id) ON DELETE CASCADE,
  symbol text NOT NULL,
  side text NOT NULL,
  qty integer NOT NULL,
  price double precision NOT NULL,
  time_ms double precision NOT NULL
);
CREATE INDEX sim_fills_account_idx ON sim_fills (external_id, time_ms);

CREATE TABLE sim_markets (
  market text PRIMARY KEY,
  ticks bigint NOT NULL,
  open_ticks bigint NOT NULL
);

-- Each value is a block of ids (block × 100000 …): a venue reserves a block at start and the next one before
-- it runs out, so a restart, graceful or not, never numbers an order or a fill again.
CREATE SEQUENCE sim_id_blocks;
