-- Copy groups: a trader's named copies, each with one leader and its followers. An account placed in a group
-- has a row in copy_group_members (so it is in at most one group); an account with no row belongs to the
-- trader's first group (lowest id), so accounts connected later and the settings stored before groups keep
-- copying as they did. A paused group copies nothing until resumed.

CREATE TABLE copy_groups (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  paused boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, name)
);
CREATE INDEX copy_groups_user_idx ON copy_groups (user_id, id);

CREATE TABLE copy_group_members (
  account_id integer PRIMARY KEY REFERENCES broker_accounts (id) ON DELETE CASCADE,
  group_id integer NOT NULL REFERENCES copy_groups (id) ON DELETE CASCADE
);
CREATE INDEX copy_group_members_group_idx ON copy_group_members (group_id);

-- Each account's group: its placement, else its trader's first group.
CREATE VIEW copy_account_groups AS
SELECT a.id AS account_id, a.user_id, g.id AS group_id, g.paused
FROM broker_accounts a
JOIN copy_groups g ON g.id = COALESCE(
  (SELECT m.group_id FROM copy_group_members m WHERE m.account_id = a.id),
  (SELECT min(f.id) FROM copy_groups f WHERE f.user_id = a.user_id)
);

-- Today's settings (one leader and its followers per trader) become each trader's first group.
INSERT INTO copy_groups (user_id, name)
SELECT DISTINCT user_id, 'Group 1' FROM broker_accounts;
