-- Followers the user chose to leave as they are when the leader changed: the copier does not correct them
-- (the desk shows them out of sync) until the new leader's next trade, which brings them to leader × ratio.
CREATE TABLE copy_follower_waits (
  account_id integer PRIMARY KEY REFERENCES broker_accounts (id) ON DELETE CASCADE,
  leader_account_id integer NOT NULL REFERENCES broker_accounts (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
