-- A follower's copy of a leader's bracket legs: a stop and a target for a position already held, kept
-- one-cancels-other by the adapter like a bracket's legs, but under the client ids the copy engine gave them
-- (its mirrors of the leader's legs) and without an entry of their own.
ALTER TABLE projectx_synthetic_brackets
  ADD COLUMN stop_client_order_id text,
  ADD COLUMN target_client_order_id text;
