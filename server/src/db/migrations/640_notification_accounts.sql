-- The account a notification is about (a follower's failed copy, a rule that acted on it), when it is about one:
-- notifications can then be shown per copy group. Null for the others, and once the account is removed.
ALTER TABLE notifications ADD COLUMN account_id integer REFERENCES broker_accounts (id) ON DELETE SET NULL;
