-- Release dates imported from their publishers (BLS, Federal Reserve, EIA). Each row keeps where it came from and
-- when it was read; a failed fetch leaves the rows of its source as they were.
CREATE TABLE news_calendar_events (
  kind text NOT NULL,
  at timestamptz NOT NULL,
  title text NOT NULL,
  source_url text NOT NULL,
  imported_at timestamptz NOT NULL,
  PRIMARY KEY (kind, at)
);
