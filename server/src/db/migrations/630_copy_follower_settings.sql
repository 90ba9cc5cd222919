-- A follower's copy settings beyond ratio and Cross: a fixed quantity instead of the ratio, the copy mode (mirror
-- the leader's working orders, or market orders on its fills only) and a contract filter (roots copied into it;
-- empty: every contract). An account with no row copies as before: leader × ratio, mirroring, every contract.
CREATE TABLE copy_follower_settings (
  account_id integer PRIMARY KEY REFERENCES broker_accounts (id) ON DELETE CASCADE,
  fixed_qty integer CHECK (fixed_qty IS NULL OR fixed_qty BETWEEN 1 AND 1000),
  copy_mode text NOT NULL DEFAULT 'mirror' CHECK (copy_mode IN ('mirror', 'fills')),
  contracts text[] NOT NULL DEFAULT '{}'
);
