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
ALTER TABLE "ledger_balances" ADD CONSTRAINT "ledger_balances_user_id_customers_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;