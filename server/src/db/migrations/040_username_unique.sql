-- A username belongs to one user, whatever its case ("Trader" and "trader" are the same name). Blank means
-- "not chosen yet" (new accounts) and may repeat.
UPDATE users SET username = btrim(username) WHERE username <> btrim(username);
-- Earlier versions accepted a taken name: its first holder keeps it, later holders get their id appended,
-- so no name is lost and the index below can be built.
UPDATE users u SET username = u.username || '-' || u.id
WHERE u.username <> ''
  AND EXISTS (SELECT 1 FROM users o WHERE lower(o.username) = lower(u.username) AND o.id < u.id);
CREATE UNIQUE INDEX users_username_lower_key ON users (lower(username)) WHERE username <> '';
