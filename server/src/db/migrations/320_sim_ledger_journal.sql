-- The paper ledger's journal: each batch the venue stores before it answers is first one row here (one short
-- insert on the copy's path); a moment later the batches are applied to the ledger tables and their rows
-- removed. Opening the venue applies whatever a stopped or killed process left.

CREATE TABLE sim_ledger_journal (
  seq bigserial PRIMARY KEY,
  batch jsonb NOT NULL
);
