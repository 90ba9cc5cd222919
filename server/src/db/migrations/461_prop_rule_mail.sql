-- Prop-firm guard: when the last e-mail about a rule acting went to each user, and how many rule actions were
-- held back since (a burst of refusals sends one mail). Kept here so a restart does not send the burst again.
CREATE TABLE prop_rule_mail (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  sent_at timestamptz NOT NULL,
  held integer NOT NULL DEFAULT 0
);
