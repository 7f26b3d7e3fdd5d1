CREATE TABLE "coin_cost_basis" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"qty" numeric(78, 0) DEFAULT 0 NOT NULL,
	"wei" numeric(78, 0) DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coin_cost_basis_qty_not_negative" CHECK ("coin_cost_basis"."qty" >= 0),
	CONSTRAINT "coin_cost_basis_wei_not_negative" CHECK ("coin_cost_basis"."wei" >= 0)
);
--> statement-breakpoint
CREATE TABLE "coin_lowest_paid" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"qty" numeric(78, 0) NOT NULL,
	"wei" numeric(78, 0) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coin_lowest_paid_single_row" CHECK ("coin_lowest_paid"."id"),
	CONSTRAINT "coin_lowest_paid_qty_positive" CHECK ("coin_lowest_paid"."qty" > 0)
);
--> statement-breakpoint
ALTER TABLE "coin_cost_basis" ADD CONSTRAINT "coin_cost_basis_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_withdraws" ADD COLUMN "basis_qty" numeric(78, 0) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coin_withdraws" ADD COLUMN "basis_wei" numeric(78, 0) DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Bought OJO so far: each player's credited orders, less what their redemptions that kept their OJO took (average cost).
INSERT INTO "coin_cost_basis" ("user_id", "qty", "wei")
SELECT o.user_id, greatest(o.qty - coalesce(w.amount, 0), 0),
  CASE WHEN o.qty > coalesce(w.amount, 0) THEN div(o.wei * (o.qty - coalesce(w.amount, 0)), o.qty) ELSE 0 END
FROM (SELECT user_id, sum(base_qty) AS qty, sum(quote_wei) AS wei FROM "coin_orders" WHERE state = 'done' GROUP BY user_id) o
LEFT JOIN (SELECT user_id, sum(amount) AS amount FROM "coin_withdraws" WHERE status IN ('PENDING', 'FINISHED') GROUP BY user_id) w
  ON w.user_id = o.user_id;--> statement-breakpoint
-- The cheapest rate any credited order paid, compared exactly (two different rates of these sizes differ at 10^-60).
INSERT INTO "coin_lowest_paid" ("id", "qty", "wei")
SELECT true, base_qty, quote_wei FROM "coin_orders" WHERE state = 'done'
ORDER BY div(quote_wei * 1000000000000000000000000000000000000000000000000000000000000, base_qty) LIMIT 1;
