CREATE TABLE "member_expansions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"expansion" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_expansions" ADD CONSTRAINT "member_expansions_user_id_customers_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;