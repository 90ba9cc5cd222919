-- The paged trade history reads one page newest first (by entry time, then id) within a user's trades.
CREATE INDEX IF NOT EXISTS copy_trades_user_entry_idx ON copy_trades (user_id, entry_time DESC, id DESC);
