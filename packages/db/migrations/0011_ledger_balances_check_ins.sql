CREATE TABLE "check_in_rewards" (
	"day" integer PRIMARY KEY NOT NULL,
	"asset" "ledger_asset" NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	CONSTRAINT "check_in_rewards_day_positive" CHECK ("check_in_rewards"."day" >= 1),
	CONSTRAINT "check_in_rewards_amount_positive" CHECK ("check_in_rewards"."amount" > 0),
	CONSTRAINT "check_in_rewards_asset_earnable" CHECK ("check_in_rewards"."asset" in ('POINT', 'OJO'))
);
--> statement-breakpoint
CREATE TABLE "check_in_rules" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"missed_day" text NOT NULL,
	"after_last_day" text NOT NULL,
	CONSTRAINT "check_in_rules_single_row" CHECK ("check_in_rules"."id"),
	CONSTRAINT "check_in_rules_missed_day" CHECK ("check_in_rules"."missed_day" in ('reset', 'keep')),
	CONSTRAINT "check_in_rules_after_last_day" CHECK ("check_in_rules"."after_last_day" in ('restart', 'repeat_last'))
);
--> statement-breakpoint
CREATE TABLE "check_ins" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"ladder_day" integer NOT NULL,
	"asset" "ledger_asset" NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"ledger_entry_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_ins_pkey" PRIMARY KEY("user_id","day"),
	CONSTRAINT "check_ins_ladder_day_positive" CHECK ("check_ins"."ladder_day" >= 1)
);
--> statement-breakpoint
CREATE TABLE "ledger_balances" (
	"user_id" uuid NOT NULL,
	"asset" "ledger_asset" NOT NULL,
	"balance" numeric(78, 0) NOT NULL,
	"credited" numeric(78, 0) DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_balances_pkey" PRIMARY KEY("user_id","asset"),
	CONSTRAINT "ledger_balances_not_negative" CHECK ("ledger_balances"."balance" >= 0),
	CONSTRAINT "ledger_balances_credited_covers_balance" CHECK ("ledger_balances"."credited" >= "ledger_balances"."balance")
);
--> statement-breakpoint
CREATE TABLE "member_expansions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"expansion" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "ledger_entries_user_asset_idx";--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_balances" ADD CONSTRAINT "ledger_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_expansions" ADD CONSTRAINT "member_expansions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_user_asset_id_idx" ON "ledger_entries" USING btree ("user_id","asset","id");