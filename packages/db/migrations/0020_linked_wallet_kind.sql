CREATE TYPE "public"."linked_wallet_kind" AS ENUM('partner_nft', 'partner_token');--> statement-breakpoint
ALTER TABLE "user_addresses" ADD COLUMN "link_kind" "linked_wallet_kind";--> statement-breakpoint
CREATE UNIQUE INDEX "user_addresses_user_link_kind_unique" ON "user_addresses" USING btree ("user_id","link_kind") WHERE "user_addresses"."link_kind" is not null;