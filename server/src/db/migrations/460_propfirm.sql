-- Prop-firm guard: the firm rules of each account, what the guard remembers of it (high-water mark, day
-- start, stops for the day), and the news events users add to the shipped calendar.
CREATE TABLE prop_rules (
  account_id integer PRIMARY KEY REFERENCES broker_accounts (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  rules jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX prop_rules_user ON prop_rules (user_id);

CREATE TABLE prop_guard_state (
  account_id integer PRIMARY KEY REFERENCES broker_accounts (id) ON DELETE CASCADE,
  state jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE prop_news_events (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  title text NOT NULL,
  at timestamptz NOT NULL,
  roots text[],
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX prop_news_events_user ON prop_news_events (user_id, at);
