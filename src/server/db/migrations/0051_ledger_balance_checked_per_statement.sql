-- Every INSERT of ledger lines balances per transaction, checked once per statement on the lines it
-- inserted. The deferred per-line check of 0049 summed the transaction's lines in the table for every line:
-- PL/pgSQL planned that query once per connection and kept the plan, so planned while the ledger was nearly
-- empty (a fresh database, the first catch-up after 0049) it scanned the whole ledger per line — a payout
-- run for 10,000 talents took 232 s instead of 50 (scripts/bench-payouts.ts). Lines are never changed or
-- removed, and every statement's lines sum to zero per transaction, so every transaction does: the posting
-- code inserts a transaction's lines in one statement (platform/ledger.ts).
DROP TRIGGER ledger_entries_balance ON ledger_entries;
--> statement-breakpoint
DROP FUNCTION ledger_transaction_balances();
--> statement-breakpoint
CREATE FUNCTION ledger_lines_balance() RETURNS trigger AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM inserted_lines GROUP BY transaction_id HAVING sum(amount_cents) <> 0) THEN
    RAISE EXCEPTION 'ledger lines inserted in one statement must balance per transaction';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_balance
  AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS inserted_lines
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_lines_balance();
