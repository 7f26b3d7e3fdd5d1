CREATE TYPE "public"."transfer_status" AS ENUM('success', 'failed');--> statement-breakpoint
CREATE TABLE "indexed_blocks" (
	"chain_id" integer NOT NULL,
	"number" bigint NOT NULL,
	"hash" text NOT NULL,
	"parent_hash" text NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "indexed_blocks_chain_id_number_pk" PRIMARY KEY("chain_id","number"),
	CONSTRAINT "indexed_blocks_hash_lower" CHECK ("indexed_blocks"."hash" = lower("indexed_blocks"."hash"))
);
--> statement-breakpoint
CREATE TABLE "native_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chain_id" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"tx_hash" text NOT NULL,
	"tx_index" integer NOT NULL,
	"trace_address" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"value_wei" numeric(78, 0) NOT NULL,
	"status" "transfer_status" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "native_transfers_position_unique" UNIQUE("chain_id","tx_hash","trace_address"),
	CONSTRAINT "native_transfers_value_positive" CHECK ("native_transfers"."value_wei" > 0),
	CONSTRAINT "native_transfers_lower" CHECK ("native_transfers"."from_address" = lower("native_transfers"."from_address") and "native_transfers"."to_address" = lower("native_transfers"."to_address") and "native_transfers"."tx_hash" = lower("native_transfers"."tx_hash"))
);
--> statement-breakpoint
CREATE INDEX "native_transfers_from_idx" ON "native_transfers" USING btree ("chain_id","from_address","block_number");--> statement-breakpoint
CREATE INDEX "native_transfers_to_idx" ON "native_transfers" USING btree ("chain_id","to_address","block_number");--> statement-breakpoint
CREATE INDEX "native_transfers_block_idx" ON "native_transfers" USING btree ("chain_id","block_number");