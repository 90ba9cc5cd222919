-- Contracts a person traded by hand on a follower since the leader's last entry: the copier leaves them as
-- they are (shown out of sync) until the leader's next entry or a Sync. Kept here so a restart of the
-- server does not forget them and "correct" a trade the person made on purpose.
CREATE TABLE copy_held_by_hand (
  account_id integer NOT NULL REFERENCES broker_accounts (id) ON DELETE CASCADE,
  symbol text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, symbol)
);
