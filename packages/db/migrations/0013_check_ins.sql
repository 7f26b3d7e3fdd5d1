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
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_user_id_customers_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE restrict ON UPDATE no action;