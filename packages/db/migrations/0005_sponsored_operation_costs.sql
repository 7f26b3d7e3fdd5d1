CREATE TABLE "sponsored_operation_costs" (
	"user_op_hash" text PRIMARY KEY NOT NULL,
	"paymaster" text NOT NULL,
	"sender" text NOT NULL,
	"nonce" text NOT NULL,
	"success" boolean NOT NULL,
	"actual_gas_cost_wei" numeric(78, 0) NOT NULL,
	"actual_gas_used" numeric(78, 0) NOT NULL,
	"transaction_hash" text NOT NULL,
	"block_number" bigint NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sponsored_operation_costs_sender_lower" CHECK ("sponsored_operation_costs"."sender" = lower("sponsored_operation_costs"."sender")),
	CONSTRAINT "sponsored_operation_costs_cost_nonnegative" CHECK ("sponsored_operation_costs"."actual_gas_cost_wei" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sponsored_operation_scans" (
	"chain_id" integer NOT NULL,
	"paymaster" text NOT NULL,
	"block_number" bigint NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sponsored_operation_scans_chain_id_paymaster_pk" PRIMARY KEY("chain_id","paymaster")
);
--> statement-breakpoint
ALTER TABLE "sponsored_operations" ADD COLUMN "valid_until" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sponsored_operations" ADD COLUMN "user_op_hash" text;--> statement-breakpoint
CREATE INDEX "sponsored_operation_costs_sender_nonce_idx" ON "sponsored_operation_costs" USING btree ("sender","nonce");--> statement-breakpoint
CREATE INDEX "sponsored_operation_costs_block_time_idx" ON "sponsored_operation_costs" USING btree ("block_time");