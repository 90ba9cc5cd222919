-- The paper broker's pending consents and its single-use codes, in the database so that a consent started on
-- one server node completes on another (the browser may reach any node behind the load balancer). Both are
-- stored only as the SHA-256 of the random value that travels through the browser.

CREATE TABLE sim_consents (
  state_hash text PRIMARY KEY,
  redirect_uri text NOT NULL,
  environment text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX sim_consents_expires_idx ON sim_consents (expires_at);

CREATE TABLE sim_authorization_codes (
  code_hash text PRIMARY KEY,
  login_key text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX sim_authorization_codes_expires_idx ON sim_authorization_codes (expires_at);
