-- Each node reports the broker sessions of the groups it holds and its allowance, so the nodes balance by
-- sessions (what brokers limit per user and per address) and none is handed more than its address carries.
ALTER TABLE cluster_nodes ADD COLUMN sessions integer NOT NULL DEFAULT 0;
-- The most sessions the node takes (CLUSTER_MAX_SESSIONS); null: no cap.
ALTER TABLE cluster_nodes ADD COLUMN max_sessions integer;
