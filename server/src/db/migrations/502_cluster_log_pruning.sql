-- The cluster's logs are pruned by age (cluster/cluster-housekeeping.ts): indexes for the deletes by time.
CREATE INDEX cluster_lease_log_acquired_idx ON cluster_lease_log (acquired_at);
CREATE INDEX cluster_session_log_opened_idx ON cluster_session_log (opened_at);
CREATE INDEX cluster_nodes_expires_idx ON cluster_nodes (expires_at);
