-- Copy quality reads a leader event's follower orders and each order's fills: both by index, not by scanning a user's rows.
CREATE INDEX IF NOT EXISTS copy_orders_event_idx ON copy_orders (user_id, event_key);
CREATE INDEX IF NOT EXISTS copy_fills_order_idx ON copy_fills (account_id, broker_order_id);
