CREATE TYPE "public"."chain_type" AS ENUM('EVM', 'SOLANA');--> statement-breakpoint
CREATE TYPE "public"."login_provider" AS ENUM('google', 'twitter', 'apple');--> statement-breakpoint
CREATE TYPE "public"."ledger_asset" AS ENUM('ETH', 'OJO', 'POINT');--> statement-breakpoint
CREATE TABLE "auth_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"wallet_type" text NOT NULL,
	"chain_type" "chain_type" NOT NULL,
	"address" text NOT NULL,
	"is_connected" boolean DEFAULT false NOT NULL,
	"bind_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_addresses_chain_address_unique" UNIQUE("chain_type","address"),
	CONSTRAINT "customer_addresses_evm_lower" CHECK ("customer_addresses"."chain_type" <> 'EVM' or "customer_addresses"."address" = lower("customer_addresses"."address"))
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"osp_aa_address" text,
	"web3auth_address" text,
	"is_old_type" boolean DEFAULT false NOT NULL,
	"login_provider" "login_provider",
	"login_subject" text,
	"telegram_id" text,
	"handle" text,
	"profile_id" text,
	"avatar" text,
	"invite_code" varchar(6) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_osp_aa_address_unique" UNIQUE("osp_aa_address"),
	CONSTRAINT "customers_web3auth_address_unique" UNIQUE("web3auth_address"),
	CONSTRAINT "customers_telegram_id_unique" UNIQUE("telegram_id"),
	CONSTRAINT "customers_handle_unique" UNIQUE("handle"),
	CONSTRAINT "customers_profile_id_unique" UNIQUE("profile_id"),
	CONSTRAINT "customers_invite_code_unique" UNIQUE("invite_code"),
	CONSTRAINT "customers_login_provider_subject_unique" UNIQUE("login_provider","login_subject"),
	CONSTRAINT "customers_osp_aa_address_lower" CHECK ("customers"."osp_aa_address" = lower("customers"."osp_aa_address")),
	CONSTRAINT "customers_web3auth_address_lower" CHECK ("customers"."web3auth_address" = lower("customers"."web3auth_address")),
	CONSTRAINT "customers_invite_code_format" CHECK ("customers"."invite_code" ~ '^[A-Za-z0-9]{6}$'),
	CONSTRAINT "customers_login_provider_subject_together" CHECK (("customers"."login_provider" is null) = ("customers"."login_subject" is null))
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inviter_id" uuid NOT NULL,
	"invitee_id" uuid NOT NULL,
	"invite_code" varchar(6) NOT NULL,
	"source_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_invitee_id_unique" UNIQUE("invitee_id"),
	CONSTRAINT "invitations_not_self" CHECK ("invitations"."inviter_id" <> "invitations"."invitee_id")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"asset" "ledger_asset" NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"reason" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "ledger_entries_amount_nonzero" CHECK ("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "seed_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD CONSTRAINT "customer_addresses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_inviter_id_customers_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invitee_id_customers_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_nonces_public_key_idx" ON "auth_nonces" USING btree ("public_key");--> statement-breakpoint
CREATE INDEX "customer_addresses_customer_idx" ON "customer_addresses" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "invitations_inviter_idx" ON "invitations" USING btree ("inviter_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_customer_asset_idx" ON "ledger_entries" USING btree ("customer_id","asset");