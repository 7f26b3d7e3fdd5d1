DROP INDEX "native_transfers_from_idx";--> statement-breakpoint
DROP INDEX "native_transfers_to_idx";--> statement-breakpoint
CREATE INDEX "native_transfers_from_idx" ON "native_transfers" USING btree ("chain_id","from_address","block_number","tx_index","trace_address");--> statement-breakpoint
CREATE INDEX "native_transfers_to_idx" ON "native_transfers" USING btree ("chain_id","to_address","block_number","tx_index","trace_address");