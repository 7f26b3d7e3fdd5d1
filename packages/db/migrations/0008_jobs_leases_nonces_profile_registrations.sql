CREATE TYPE "public"."chain_transaction_status" AS ENUM('prepared', 'sent', 'mined', 'abandoned');--> statement-breakpoint
CREATE TYPE "public"."job_state" AS ENUM('queued', 'running', 'succeeded', 'failed');--> statement-breakpoint
CREATE TYPE "public"."profile_registration_status" AS ENUM('pending', 'created', 'failed');--> statement-breakpoint
CREATE TABLE "chain_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"job_id" uuid,
	"chain_id" integer NOT NULL,
	"from_address" text NOT NULL,
	"nonce" bigint NOT NULL,
	"to_address" text,
	"data" text NOT NULL,
	"value" numeric(78, 0) NOT NULL,
	"gas_limit" numeric(78, 0) NOT NULL,
	"max_fee_per_gas" numeric(78, 0) NOT NULL,
	"max_priority_fee_per_gas" numeric(78, 0) NOT NULL,
	"raw_transaction" text NOT NULL,
	"hashes" text[] NOT NULL,
	"status" "chain_transaction_status" DEFAULT 'prepared' NOT NULL,
	"mined_hash" text,
	"block_number" bigint,
	"gas_used" numeric(78, 0),
	"effective_gas_price" numeric(78, 0),
	"reverted" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"mined_at" timestamp with time zone,
	CONSTRAINT "chain_transactions_chain_from_nonce_unique" UNIQUE("chain_id","from_address","nonce"),
	CONSTRAINT "chain_transactions_from_lower" CHECK ("chain_transactions"."from_address" = lower("chain_transactions"."from_address")),
	CONSTRAINT "chain_transactions_mined_has_receipt" CHECK (("chain_transactions"."status" = 'mined') = ("chain_transactions"."mined_hash" is not null))
);
--> statement-breakpoint
CREATE TABLE "signer_nonces" (
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"next_nonce" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signer_nonces_chain_id_address_pk" PRIMARY KEY("chain_id","address"),
	CONSTRAINT "signer_nonces_address_lower" CHECK ("signer_nonces"."address" = lower("signer_nonces"."address")),
	CONSTRAINT "signer_nonces_next_nonce_nonnegative" CHECK ("signer_nonces"."next_nonce" >= 0)
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" "job_state" DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 10 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_key_unique" UNIQUE("key"),
	CONSTRAINT "jobs_attempts_range" CHECK ("jobs"."attempts" >= 0 and "jobs"."max_attempts" >= 1),
	CONSTRAINT "jobs_running_is_locked" CHECK (("jobs"."state" = 'running') = ("jobs"."locked_by" is not null and "jobs"."locked_until" is not null))
);
--> statement-breakpoint
CREATE TABLE "leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"token" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"acquired_at" timestamp with time zone DEFAULT now() NOT NULL,
	"renewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"handle" text NOT NULL,
	"owner_address" text NOT NULL,
	"status" "profile_registration_status" DEFAULT 'pending' NOT NULL,
	"profile_id" text,
	"failure_code" text,
	"attempt" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profile_registrations_customer_id_unique" UNIQUE("customer_id"),
	CONSTRAINT "profile_registrations_handle_unique" UNIQUE("handle"),
	CONSTRAINT "profile_registrations_profile_id_unique" UNIQUE("profile_id"),
	CONSTRAINT "profile_registrations_handle_rule" CHECK ("profile_registrations"."handle" ~ '^[a-z0-9_]{4,15}$'),
	CONSTRAINT "profile_registrations_owner_lower" CHECK ("profile_registrations"."owner_address" = lower("profile_registrations"."owner_address")),
	CONSTRAINT "profile_registrations_created_has_id" CHECK (("profile_registrations"."status" = 'created') = ("profile_registrations"."profile_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "chain_transactions" ADD CONSTRAINT "chain_transactions_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_registrations" ADD CONSTRAINT "profile_registrations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_transactions_active_key_unique" ON "chain_transactions" USING btree ("key") WHERE "chain_transactions"."status" <> 'abandoned';--> statement-breakpoint
CREATE INDEX "chain_transactions_job_idx" ON "chain_transactions" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "chain_transactions_open_idx" ON "chain_transactions" USING btree ("chain_id","from_address","nonce") WHERE "chain_transactions"."status" in ('prepared', 'sent');--> statement-breakpoint
CREATE INDEX "jobs_queued_run_at_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_running_locked_until_idx" ON "jobs" USING btree ("locked_until") WHERE "jobs"."state" = 'running';--> statement-breakpoint
CREATE INDEX "jobs_kind_created_idx" ON "jobs" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "profile_registrations_status_idx" ON "profile_registrations" USING btree ("status");