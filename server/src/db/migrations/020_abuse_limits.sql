-- Photo uploads per user (rate limit and daily byte quota) and registration tries per address (slow-down).
CREATE TABLE photo_uploads (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  bytes integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX photo_uploads_user_idx ON photo_uploads (user_id, created_at);

CREATE TABLE registration_attempts (
  id serial PRIMARY KEY,
  ip text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX registration_attempts_ip_idx ON registration_attempts (ip, created_at);
