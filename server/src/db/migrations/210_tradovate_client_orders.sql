-- Tradovate keeps our client order id (clOrdId) on the order's `New` command only, and its command lists
-- cover a limited history. The adapter keeps the mapping client order id -> Tradovate order id here, so a
-- restarted server or a reopened session still recognises the follower orders that mirror leader orders.
CREATE TABLE tradovate_client_orders (
  environment text NOT NULL CHECK (environment IN ('demo', 'live')),
  tradovate_user_id bigint NOT NULL,
  client_order_id text NOT NULL,
  order_id bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (environment, order_id),
  UNIQUE (environment, tradovate_user_id, client_order_id)
);
