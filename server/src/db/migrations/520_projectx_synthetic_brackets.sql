-- Brackets the ProjectX adapter keeps itself when the gateway cannot take them natively (a market entry has
-- no price to count ticks from; an account in Position-Brackets mode refuses them): after the entry, a stop
-- and a target, one cancelled when the other fills. Kept here so a restarted server still does the cancel.
CREATE TABLE projectx_synthetic_brackets (
  gateway_user text NOT NULL,
  account_id text NOT NULL,
  entry_client_order_id text NOT NULL,
  symbol text NOT NULL,
  entry_side text NOT NULL CHECK (entry_side IN ('buy', 'sell')),
  stop_loss double precision,
  take_profit double precision,
  leg_qty integer,
  stage text NOT NULL CHECK (stage IN ('entry', 'legs', 'done')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (gateway_user, account_id, entry_client_order_id)
);
CREATE INDEX projectx_synthetic_brackets_pending ON projectx_synthetic_brackets (gateway_user)
  WHERE stage <> 'done';
