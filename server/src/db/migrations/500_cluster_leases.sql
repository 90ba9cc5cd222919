-- Several server nodes on one PostgreSQL: the nodes alive, which node owns each user's copy group (a lease
-- with a fencing token that grows at every change of owner), and what the nodes did with them (broker sessions
-- opened and closed, takeovers), so an operator, and the cluster test, can see that no group had two owners.

CREATE TABLE cluster_nodes (
  node_id text PRIMARY KEY,
  -- Where the other nodes reach this one's API (requests of a user go to the node owning the user's group).
  url text NOT NULL,
  draining boolean NOT NULL DEFAULT false,
  started_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  expires_at timestamptz NOT NULL
);

CREATE TABLE copy_group_leases (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  node_id text NOT NULL,
  -- The fencing token: +1 at every change of owner; a copy claim carries it and is refused when it is stale.
  token bigint NOT NULL,
  -- The database's clock decides expiry, never a node's.
  expires_at timestamptz NOT NULL,
  acquired_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX copy_group_leases_node_idx ON copy_group_leases (node_id);

CREATE TABLE cluster_lease_log (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL,
  node_id text NOT NULL,
  token bigint NOT NULL,
  previous_node text,
  -- When the previous lease ran out (a takeover) or was handed back (a move); null for a first owner.
  previous_expired_at timestamptz,
  acquired_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  -- Sessions open and the group reconciled: copying from here on.
  ready_at timestamptz
);
CREATE INDEX cluster_lease_log_user_idx ON cluster_lease_log (user_id, acquired_at);

CREATE TABLE cluster_session_log (
  id bigserial PRIMARY KEY,
  connection_id integer NOT NULL,
  user_id integer NOT NULL,
  node_id text NOT NULL,
  token bigint NOT NULL,
  opened_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  closed_at timestamptz
);
CREATE INDEX cluster_session_log_connection_idx ON cluster_session_log (connection_id, opened_at);
