ALTER TABLE "sponsored_operations" ADD COLUMN "reserved_wei" numeric(78, 0) DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "sponsored_operations" SET "reserved_wei" = "max_cost_wei";--> statement-breakpoint
ALTER TABLE "sponsored_operations" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "sponsored_operations" ADD COLUMN "session_key" text;--> statement-breakpoint
CREATE INDEX "sponsored_operations_client_created_idx" ON "sponsored_operations" USING btree ("client_address","created_at");--> statement-breakpoint
CREATE INDEX "sponsored_operations_sender_session_key_idx" ON "sponsored_operations" USING btree ("sender","created_at") WHERE "sponsored_operations"."session_key" is not null;
