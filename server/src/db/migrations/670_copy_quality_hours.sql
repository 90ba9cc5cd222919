-- Copy quality per follower and hour, and per follower and UTC day, for hours whose copies have settled: a long
-- period's summary reads these instead of every copy (quality/rollup.ts). Delays are a histogram: 1 ms buckets
-- below 100 ms, 1 % ones above.
CREATE TABLE copy_quality_hours (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  account_id integer NOT NULL REFERENCES broker_accounts (id) ON DELETE CASCADE,
  hour timestamptz NOT NULL,
  leader_fills integer NOT NULL,
  filled integer NOT NULL,
  slip_ticks_sum double precision NOT NULL,
  slip_n integer NOT NULL,
  cost numeric NOT NULL,
  delays jsonb NOT NULL,
  misses jsonb NOT NULL,
  PRIMARY KEY (user_id, account_id, hour)
);

-- The same per UTC day: the day's rolled-up hours summed (a day is complete once its last hour is rolled up).
CREATE TABLE copy_quality_days (LIKE copy_quality_hours INCLUDING ALL);
ALTER TABLE copy_quality_days RENAME COLUMN hour TO day;
ALTER TABLE copy_quality_days
  ADD FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE,
  ADD FOREIGN KEY (account_id) REFERENCES broker_accounts (id) ON DELETE CASCADE;

-- Leader fills per hour (copied or not): the count of a long period's list of leader fills.
CREATE TABLE copy_quality_fill_hours (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  hour timestamptz NOT NULL,
  leader_fills integer NOT NULL,
  PRIMARY KEY (user_id, hour)
);

-- Every hour of the user's before rolled_until is in the tables above (an hour without fills has no rows).
CREATE TABLE copy_quality_marks (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  rolled_until timestamptz NOT NULL
);
