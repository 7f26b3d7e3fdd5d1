-- One name per concept (ARCHITECTURE.md glossary): customers are users, invitations are referrals, the smart
-- account's address is smart_account_address. Everything is renamed in place, so every row survives.
ALTER TABLE "customers" RENAME TO "users";--> statement-breakpoint
ALTER TABLE "users" RENAME COLUMN "osp_aa_address" TO "smart_account_address";--> statement-breakpoint
ALTER TABLE "users" RENAME COLUMN "invite_code" TO "referral_code";--> statement-breakpoint
ALTER TABLE "users" RENAME CONSTRAINT "customers_pkey" TO "users_pkey";--> statement-breakpoint
ALTER TABLE "users" RENAME CONSTRAINT "customers_osp_aa_address_unique" TO "users_smart_account_address_unique";--> statement-breakpoint
ALTER TABLE "users" RENAME CONSTRAINT "customers_web3auth_address_unique" TO "users_web3auth_address_unique";--> statement-breakpoint
ALTER TABLE "users" RENAME CONSTRAINT "customers_telegram_id_unique" TO "users_telegram_id_unique";--> statement-breakpoint
ALTER TABLE "users" RENAME CONSTRAINT "customers_handle_unique" TO "users_handle_unique";--> statement-breakpoint
ALTER TABLE "users" RENAME CONSTRAINT "customers_profile_id_unique" TO "users_profile_id_unique";--> statement-breakpoint
ALTER TABLE "users" RENAME CONSTRAINT "customers_invite_code_unique" TO "users_referral_code_unique";--> statement-breakpoint
ALTER TABLE "users" RENAME CONSTRAINT "customers_login_provider_subject_unique" TO "users_login_provider_subject_unique";--> statement-breakpoint
ALTER TABLE "users" RENAME CONSTRAINT "customers_osp_aa_address_lower" TO "users_smart_account_address_lower";--> statement-breakpoint
ALTER TABLE "users" RENAME CONSTRAINT "customers_web3auth_address_lower" TO "users_web3auth_address_lower";--> statement-breakpoint
ALTER TABLE "users" RENAME CONSTRAINT "customers_invite_code_format" TO "users_referral_code_format";--> statement-breakpoint
ALTER TABLE "users" RENAME CONSTRAINT "customers_login_provider_subject_together" TO "users_login_provider_subject_together";--> statement-breakpoint
ALTER TABLE "customer_addresses" RENAME TO "user_addresses";--> statement-breakpoint
ALTER TABLE "user_addresses" RENAME COLUMN "customer_id" TO "user_id";--> statement-breakpoint
ALTER TABLE "user_addresses" RENAME CONSTRAINT "customer_addresses_pkey" TO "user_addresses_pkey";--> statement-breakpoint
ALTER TABLE "user_addresses" RENAME CONSTRAINT "customer_addresses_chain_address_unique" TO "user_addresses_chain_address_unique";--> statement-breakpoint
ALTER TABLE "user_addresses" RENAME CONSTRAINT "customer_addresses_evm_lower" TO "user_addresses_evm_lower";--> statement-breakpoint
ALTER TABLE "user_addresses" RENAME CONSTRAINT "customer_addresses_customer_id_customers_id_fk" TO "user_addresses_user_id_users_id_fk";--> statement-breakpoint
ALTER INDEX "customer_addresses_customer_idx" RENAME TO "user_addresses_user_idx";--> statement-breakpoint
ALTER TABLE "invitations" RENAME TO "referrals";--> statement-breakpoint
ALTER TABLE "referrals" RENAME COLUMN "inviter_id" TO "referrer_id";--> statement-breakpoint
ALTER TABLE "referrals" RENAME COLUMN "invitee_id" TO "referee_id";--> statement-breakpoint
ALTER TABLE "referrals" RENAME COLUMN "invite_code" TO "referral_code";--> statement-breakpoint
ALTER TABLE "referrals" RENAME CONSTRAINT "invitations_pkey" TO "referrals_pkey";--> statement-breakpoint
ALTER TABLE "referrals" RENAME CONSTRAINT "invitations_invitee_id_unique" TO "referrals_referee_id_unique";--> statement-breakpoint
ALTER TABLE "referrals" RENAME CONSTRAINT "invitations_not_self" TO "referrals_not_self";--> statement-breakpoint
ALTER TABLE "referrals" RENAME CONSTRAINT "invitations_inviter_id_customers_id_fk" TO "referrals_referrer_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "referrals" RENAME CONSTRAINT "invitations_invitee_id_customers_id_fk" TO "referrals_referee_id_users_id_fk";--> statement-breakpoint
ALTER INDEX "invitations_inviter_idx" RENAME TO "referrals_referrer_idx";--> statement-breakpoint
ALTER TABLE "ledger_entries" RENAME COLUMN "customer_id" TO "user_id";--> statement-breakpoint
ALTER TABLE "ledger_entries" RENAME CONSTRAINT "ledger_entries_customer_id_customers_id_fk" TO "ledger_entries_user_id_users_id_fk";--> statement-breakpoint
ALTER INDEX "ledger_entries_customer_asset_idx" RENAME TO "ledger_entries_user_asset_idx";--> statement-breakpoint
ALTER TABLE "old_login_locks" RENAME COLUMN "customer_id" TO "user_id";--> statement-breakpoint
ALTER TABLE "old_login_locks" RENAME CONSTRAINT "old_login_locks_customer_id_customers_id_fk" TO "old_login_locks_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "profile_registrations" RENAME COLUMN "customer_id" TO "user_id";--> statement-breakpoint
ALTER TABLE "profile_registrations" RENAME CONSTRAINT "profile_registrations_customer_id_unique" TO "profile_registrations_user_id_unique";--> statement-breakpoint
ALTER TABLE "profile_registrations" RENAME CONSTRAINT "profile_registrations_customer_id_customers_id_fk" TO "profile_registrations_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "sessions" RENAME COLUMN "customer_id" TO "user_id";--> statement-breakpoint
ALTER TABLE "sessions" RENAME CONSTRAINT "sessions_customer_id_customers_id_fk" TO "sessions_user_id_users_id_fk";--> statement-breakpoint
ALTER INDEX "sessions_customer_idx" RENAME TO "sessions_user_idx";--> statement-breakpoint
ALTER TABLE "sponsored_operations" RENAME COLUMN "customer_id" TO "user_id";--> statement-breakpoint
ALTER TABLE "sponsored_operations" RENAME CONSTRAINT "sponsored_operations_customer_id_customers_id_fk" TO "sponsored_operations_user_id_users_id_fk";--> statement-breakpoint
ALTER INDEX "sponsored_operations_customer_created_idx" RENAME TO "sponsored_operations_user_created_idx";
