-- Brokers count requests per broker login, whichever node sends them: each node reports the logins its copy
-- groups use, and spends its share of the login's allowance (the allowance divided by the nodes using it). A
-- broker's "stop until" (Tradovate's penalty ticket or lockout, ProjectX's 429) seen by one node reaches the others.
CREATE TABLE broker_login_shares (
  broker_user text NOT NULL,
  node_id text NOT NULL,
  -- The broker said "nothing before" this time (epoch ms, the reporting node's clock); null: it did not.
  blocked_until bigint,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (broker_user, node_id)
);
CREATE INDEX broker_login_shares_node ON broker_login_shares (node_id);
