CREATE TABLE "coin_refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"trace_address" text NOT NULL,
	"from_address" text NOT NULL,
	"amount_wei" numeric(78, 0) NOT NULL,
	"reason" text NOT NULL,
	"order_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"gas_wei" numeric(78, 0),
	"refund_wei" numeric(78, 0),
	"refund_tx_hash" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coin_refunds_position_unique" UNIQUE("chain_id","tx_hash","trace_address"),
	CONSTRAINT "coin_refunds_amount_positive" CHECK ("coin_refunds"."amount_wei" > 0),
	CONSTRAINT "coin_refunds_status" CHECK ("coin_refunds"."status" in ('pending', 'sent', 'kept', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "coin_refunds" ADD CONSTRAINT "coin_refunds_order_id_coin_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."coin_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coin_refunds_order_idx" ON "coin_refunds" USING btree ("order_id");
