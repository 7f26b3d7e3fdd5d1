CREATE TYPE "public"."coin_order_state" AS ENUM('created', 'approved', 'done', 'cancelled', 'system_cancelled', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."coin_withdraw_status" AS ENUM('PENDING', 'FINISHED', 'FAILED', 'CANCELLED');--> statement-breakpoint
CREATE TABLE "coin_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"payer_address" text NOT NULL,
	"package_id" text,
	"base_qty" numeric(78, 0) NOT NULL,
	"quote_wei" numeric(78, 0) NOT NULL,
	"price" text NOT NULL,
	"state" "coin_order_state" DEFAULT 'created' NOT NULL,
	"tx_hash" text,
	"reason" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coin_orders_base_positive" CHECK ("coin_orders"."base_qty" > 0),
	CONSTRAINT "coin_orders_quote_positive" CHECK ("coin_orders"."quote_wei" > 0)
);
--> statement-breakpoint
CREATE TABLE "coin_payments" (
	"chain_id" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"order_id" uuid,
	"status" text NOT NULL,
	"reason" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coin_payments_chain_id_tx_hash_pk" PRIMARY KEY("chain_id","tx_hash"),
	CONSTRAINT "coin_payments_status" CHECK ("coin_payments"."status" in ('pending', 'credited', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "coin_withdraws" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"payout_wei" numeric(78, 0) NOT NULL,
	"price" text NOT NULL,
	"to_address" text NOT NULL,
	"status" "coin_withdraw_status" DEFAULT 'PENDING' NOT NULL,
	"tx_hash" text,
	"reason" text,
	"payout_started_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coin_withdraws_amount_positive" CHECK ("coin_withdraws"."amount" > 0),
	CONSTRAINT "coin_withdraws_payout_positive" CHECK ("coin_withdraws"."payout_wei" > 0)
);
--> statement-breakpoint
ALTER TABLE "coin_orders" ADD CONSTRAINT "coin_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_payments" ADD CONSTRAINT "coin_payments_order_id_coin_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."coin_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_withdraws" ADD CONSTRAINT "coin_withdraws_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coin_orders_user_created_idx" ON "coin_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "coin_payments_pending_idx" ON "coin_payments" USING btree ("status");--> statement-breakpoint
CREATE INDEX "coin_withdraws_user_created_idx" ON "coin_withdraws" USING btree ("user_id","created_at");