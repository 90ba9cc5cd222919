-- Prop-firm guard: whether each user wants an e-mail when a firm rule acts on one of their accounts. No row means
-- yes (the default): only a user who turned the mails off has one.
CREATE TABLE prop_mail_settings (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  rule_emails boolean NOT NULL
);
