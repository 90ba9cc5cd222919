-- A sign-in try that failed on its second-factor code (the password was right): capped per account apart.
ALTER TABLE login_attempts ADD COLUMN second_factor boolean NOT NULL DEFAULT false;
