-- Alerts wherever the trader is: the channels a trader connects (Telegram chat, Discord webhook, Web Push
-- subscription, e-mail), which events each channel receives, the one-time codes that link a Telegram chat, and
-- the durable outbox the delivery worker sends from. The outbox holds what is sent (title, text, link), never a
-- token, a webhook URL or a push key: those stay on the channel row.

CREATE TABLE alert_channels (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('telegram', 'discord', 'webpush', 'email')),
  -- What the trader sees (a chat name, the webhook's host, the browser); never the secret itself.
  label text NOT NULL,
  -- Where to send: { chat_id } | { url } | { endpoint, keys } | { email }. The webhook URL and the push
  -- subscription are bearer secrets: they stay out of every API answer and out of the outbox.
  target jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX alert_channels_user_idx ON alert_channels (user_id);

-- An event a channel does NOT receive: no row means on (the default), like prop_mail_settings.
CREATE TABLE alert_channel_mutes (
  channel_id integer NOT NULL REFERENCES alert_channels (id) ON DELETE CASCADE,
  event text NOT NULL,
  PRIMARY KEY (channel_id, event)
);

-- A Telegram link code: the trader sends it to the bot; whichever node reads the bot's updates first links the
-- chat and records the channel here, so the trader's own request finds it.
CREATE TABLE alert_link_codes (
  code text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  channel_id integer REFERENCES alert_channels (id) ON DELETE CASCADE
);
CREATE INDEX alert_link_codes_user_idx ON alert_link_codes (user_id);

CREATE TABLE alert_outbox (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  channel_id integer NOT NULL REFERENCES alert_channels (id) ON DELETE CASCADE,
  event text NOT NULL,
  payload jsonb NOT NULL,
  -- The same event reported twice (a retry in the engine, two nodes) is sent once per channel.
  dedupe_key text NOT NULL,
  -- pending → sent | failed; held: over the per-trader cap, counted in the summary row `summary_id`.
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed', 'held')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  -- A worker's claim: another worker (or a restarted one) takes the row only after it ran out.
  claimed_until timestamptz,
  summary_id bigint REFERENCES alert_outbox (id) ON DELETE CASCADE,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  sent_at timestamptz,
  UNIQUE (channel_id, dedupe_key)
);
CREATE INDEX alert_outbox_due_idx ON alert_outbox (next_attempt_at) WHERE state = 'pending';
CREATE INDEX alert_outbox_recent_idx ON alert_outbox (channel_id, created_at);
