-- The full trade history is read in chunks, newest exit first, each chunk after the last (exit time, id) of the
-- one before: one index scan per chunk. It replaces the index on (user_id, exit_time), whose queries it serves.
CREATE INDEX IF NOT EXISTS copy_trades_user_exit_id_idx ON copy_trades (user_id, exit_time, id);
DROP INDEX IF EXISTS copy_trades_user_idx;
