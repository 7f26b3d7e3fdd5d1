-- A balance row per user and asset follows every ledger entry (DESIGN.md section 5). A trigger rather than the
-- ledger functions doing it: every way an entry is appended (the ledger functions, seed steps, an operator's SQL)
-- moves the balance in the same statement and transaction, so no path can forget it. The UPDATE locks the row, so
-- concurrent entries of one user and asset add up one after the other; `ledger_balances_not_negative` refuses an
-- entry that would overdraw.
-- If ledger_entries.user_id is ever renamed, recreate this function: PL/pgSQL names the column in its body.
CREATE FUNCTION "ledger_balances_apply_entry"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A zero row first (a concurrent first entry waits on it), then the addition; an upsert would check its
  -- proposed row (the bare amount) against ledger_balances_not_negative and refuse a covered debit.
  INSERT INTO "ledger_balances" ("user_id", "asset", "balance")
  VALUES (NEW."user_id", NEW."asset", 0)
  ON CONFLICT ("user_id", "asset") DO NOTHING;
  UPDATE "ledger_balances"
  SET "balance" = "balance" + NEW."amount",
    "credited" = "credited" + greatest(NEW."amount", 0),
    "updated_at" = now()
  WHERE "user_id" = NEW."user_id" AND "asset" = NEW."asset";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Entries appended before this migration: their sums become the first balance rows.
INSERT INTO "ledger_balances" ("user_id", "asset", "balance", "credited")
SELECT "user_id", "asset", sum("amount"), sum(greatest("amount", 0))
FROM "ledger_entries" GROUP BY "user_id", "asset";
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_apply_to_balance"
  AFTER INSERT ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_balances_apply_entry"();
--> statement-breakpoint
-- Only that trigger writes balance rows (it runs at trigger depth 1, so its own write is at depth 2): a direct
-- INSERT, UPDATE or DELETE would make a balance that no entries explain.
CREATE FUNCTION "ledger_balances_written_by_entries_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'ledger_balances is written only by ledger entries (% refused)', TG_OP
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_balances_no_direct_write"
  BEFORE INSERT OR UPDATE OR DELETE ON "ledger_balances"
  FOR EACH ROW EXECUTE FUNCTION "ledger_balances_written_by_entries_only"();
--> statement-breakpoint
-- TRUNCATE skips row triggers: refuse it on both tables too.
CREATE TRIGGER "ledger_entries_no_truncate"
  BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_entries_append_only"();
--> statement-breakpoint
CREATE TRIGGER "ledger_balances_no_truncate"
  BEFORE TRUNCATE ON "ledger_balances"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_balances_written_by_entries_only"();
--> statement-breakpoint
-- The first check-in reward ladder and rules (spec 3 Check-in status). Data, not code: an operator changes the rows
-- (day, asset, amount; missed_day reset|keep; after_last_day restart|repeat_last) and the screen shows them.
INSERT INTO "check_in_rewards" ("day", "asset", "amount") VALUES
  (1, 'POINT', 10),
  (2, 'POINT', 20),
  (3, 'POINT', 30),
  (4, 'POINT', 40),
  (5, 'POINT', 50),
  (6, 'POINT', 60),
  (7, 'OJO', 50)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "check_in_rules" ("id", "missed_day", "after_last_day") VALUES (true, 'reset', 'restart')
ON CONFLICT DO NOTHING;
