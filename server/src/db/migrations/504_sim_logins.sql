-- Every paper login ever handed out, so a new one is never one another trader holds (the accounts of a login
-- belong to whoever holds it). Kept: the logins of existing paper connections (their user data reads
-- `paper-trader-<login>`), of paper accounts (`<login><n>`, n one digit) and of codes not yet redeemed.

CREATE TABLE sim_logins (
  login_key text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO sim_logins (login_key)
SELECT substring(user_data FROM 14) FROM connections
 WHERE broker = 'sim' AND user_data LIKE 'paper-trader-_%'
UNION
SELECT left(external_id, length(external_id) - 1) FROM sim_accounts WHERE length(external_id) > 1
UNION
SELECT login_key FROM sim_authorization_codes
ON CONFLICT (login_key) DO NOTHING;
