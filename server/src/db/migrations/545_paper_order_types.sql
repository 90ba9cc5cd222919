-- The paper venue's own order types: a stop-limit and a trailing stop are Stops to the copy engine
-- (order_type), the venue keeps what they are, a trailing stop's distance, and whether a stop-limit's stop
-- was reached (it then rests as a limit), so a restart continues them as they were.
ALTER TABLE sim_orders
  ADD COLUMN venue_type text,
  ADD COLUMN trail double precision,
  ADD COLUMN triggered boolean NOT NULL DEFAULT false;
