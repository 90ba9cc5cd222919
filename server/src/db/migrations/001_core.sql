-- Core tables of the API server: users and their security state, sessions, connections and accounts.

CREATE TABLE users (
  id serial PRIMARY KEY,
  email text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  username text NOT NULL DEFAULT '',
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  bio text NOT NULL DEFAULT '',
  photo_id text,
  two_factor_enabled boolean NOT NULL DEFAULT false,
  -- Both TOTP secrets are sealed (AES-256-GCM) by the server before they are stored.
  totp_secret text,
  totp_pending_secret text,
  -- The last accepted TOTP time step, so one code cannot be replayed.
  totp_last_step bigint,
  -- SHA-256 hashes of the unused recovery codes.
  recovery_codes jsonb NOT NULL DEFAULT '[]'::jsonb,
  trial_ends_at timestamptz NOT NULL DEFAULT now() + interval '7 days',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sessions (
  id text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  ip text NOT NULL DEFAULT '',
  user_agent text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE password_resets (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_resets_user_idx ON password_resets (user_id, created_at);

CREATE TABLE login_attempts (
  id serial PRIMARY KEY,
  email text NOT NULL,
  ip text NOT NULL,
  succeeded boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_attempts_email_idx ON login_attempts (email, created_at);
CREATE INDEX login_attempts_ip_idx ON login_attempts (ip, created_at);

CREATE TABLE ws_tickets (
  ticket_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  session_id text NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);

CREATE TABLE connect_states (
  state_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  broker text NOT NULL,
  connection_name text NOT NULL,
  environment text NOT NULL CHECK (environment IN ('demo', 'live')),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE connections (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  broker text NOT NULL,
  name text NOT NULL,
  environment text NOT NULL CHECK (environment IN ('demo', 'live')),
  enabled boolean NOT NULL DEFAULT true,
  status text NOT NULL DEFAULT 'connected' CHECK (status IN ('connected', 'reauth_required', 'disconnected')),
  -- Broker tokens, sealed with AES-256-GCM (see security/secrets.ts).
  credentials text NOT NULL,
  user_data text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX connections_user_idx ON connections (user_id);

CREATE TABLE broker_accounts (
  id serial PRIMARY KEY,
  connection_id integer NOT NULL REFERENCES connections (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  external_id text NOT NULL,
  name text NOT NULL,
  currency text NOT NULL DEFAULT 'USD',
  currency_symbol text NOT NULL DEFAULT '$',
  cash_balance numeric NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  enabled boolean NOT NULL DEFAULT true,
  -- Copier columns (written by the copy engine). "cross" is a reserved word: always quote it.
  is_master boolean NOT NULL DEFAULT false,
  is_follower boolean NOT NULL DEFAULT false,
  ratio numeric NOT NULL DEFAULT 1,
  "cross" boolean NOT NULL DEFAULT false,
  auto_sync boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (connection_id, external_id)
);
CREATE INDEX broker_accounts_user_idx ON broker_accounts (user_id);

CREATE TABLE notifications (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  title text NOT NULL,
  message text NOT NULL,
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_user_idx ON notifications (user_id, created_at);

CREATE TABLE profile_photos (
  id text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  content_type text NOT NULL,
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
