CREATE TABLE "sponsored_operations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"sender" text NOT NULL,
	"nonce" text NOT NULL,
	"rule" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sponsored_operations_sender_nonce_unique" UNIQUE("sender","nonce"),
	CONSTRAINT "sponsored_operations_sender_lower" CHECK ("sponsored_operations"."sender" = lower("sponsored_operations"."sender"))
);
--> statement-breakpoint
ALTER TABLE "sponsored_operations" ADD CONSTRAINT "sponsored_operations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sponsored_operations_customer_created_idx" ON "sponsored_operations" USING btree ("customer_id","created_at");