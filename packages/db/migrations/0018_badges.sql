CREATE TYPE "public"."badge_allow_type" AS ENUM('NO', 'GTD', 'FCFS');--> statement-breakpoint
CREATE TYPE "public"."badge_category" AS ENUM('LEADER_BOARD', 'EARLY_BIRD', 'ADMIN');--> statement-breakpoint
CREATE TYPE "public"."badge_claim_status" AS ENUM('claimable', 'claimed');--> statement-breakpoint
CREATE TYPE "public"."badge_progress_source" AS ENUM('tasks', 'check_in_streak', 'dash_rounds', 'referrals', 'partner_assets', 'splash', 'operator');--> statement-breakpoint
CREATE TYPE "public"."badge_series" AS ENUM('OnboardingBadge', 'DojoBadge', 'DojoDash', 'DailyDriver', 'SplashRoi', 'SplashTotalRoi', 'Hood', 'KyuTrainer');--> statement-breakpoint
CREATE TYPE "public"."badge_sync_state" AS ENUM('UNSYNC', 'SYNCING', 'SYNCED');--> statement-breakpoint
CREATE TABLE "badge_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"badge_id" integer NOT NULL,
	"status" "badge_claim_status" DEFAULT 'claimable' NOT NULL,
	"address" text NOT NULL,
	"uid" text NOT NULL,
	"signature" text,
	"validity_start" bigint,
	"validity_end" bigint,
	"sync_state" "badge_sync_state" DEFAULT 'UNSYNC' NOT NULL,
	"reported_hash" text,
	"tx_hash" text,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "badge_claims_uid_unique" UNIQUE("uid"),
	CONSTRAINT "badge_claims_user_badge_unique" UNIQUE("user_id","badge_id")
);
--> statement-breakpoint
CREATE TABLE "badges" (
	"id" integer PRIMARY KEY NOT NULL,
	"series" "badge_series" NOT NULL,
	"series_name" text NOT NULL,
	"name" text NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"category" "badge_category" NOT NULL,
	"allow_type" "badge_allow_type" DEFAULT 'GTD' NOT NULL,
	"max_supply" integer,
	"token_id" numeric(78, 0) NOT NULL,
	"uri" text DEFAULT '' NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"progress_source" "badge_progress_source" NOT NULL,
	"progress_type" text NOT NULL,
	"progress_name" text DEFAULT '' NOT NULL,
	"condition" integer NOT NULL,
	"rule" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"royalty_bps" integer DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "badges_token_id_unique" UNIQUE("token_id"),
	CONSTRAINT "badges_series_level_unique" UNIQUE("series","level"),
	CONSTRAINT "badges_condition_positive" CHECK ("badges"."condition" > 0),
	CONSTRAINT "badges_royalty_cap" CHECK ("badges"."royalty_bps" between 0 and 10000),
	CONSTRAINT "badges_fcfs_supply" CHECK ("badges"."allow_type" <> 'FCFS' or "badges"."max_supply" > 0)
);
--> statement-breakpoint
ALTER TABLE "badge_claims" ADD CONSTRAINT "badge_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_claims" ADD CONSTRAINT "badge_claims_badge_id_badges_id_fk" FOREIGN KEY ("badge_id") REFERENCES "public"."badges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "badge_claims_badge_idx" ON "badge_claims" USING btree ("badge_id");--> statement-breakpoint
CREATE INDEX "badge_claims_unsynced_idx" ON "badge_claims" USING btree ("status") WHERE "badge_claims"."status" = 'claimable';