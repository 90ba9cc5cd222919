-- A trader's alert preferences that belong to no one channel: how long a follower may stay out of sync or
-- throttled before it is an alert. No row: the default (ALERT_LAG_DEFAULT_SECONDS).
CREATE TABLE alert_preferences (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  out_of_sync_after_s integer NOT NULL CHECK (out_of_sync_after_s BETWEEN 0 AND 3600)
);
