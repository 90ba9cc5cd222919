-- One end-of-day summary per trader and trading day: the node that inserts the row sends it, so a restart or a
-- second node never sends it twice.
CREATE TABLE alert_daily_summaries (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  trading_day date NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, trading_day)
);
