DROP INDEX "ledger_entries_customer_asset_idx";--> statement-breakpoint
CREATE INDEX "ledger_entries_customer_asset_id_idx" ON "ledger_entries" USING btree ("customer_id","asset","id");