CREATE TYPE "public"."social_platform" AS ENUM('twitter', 'telegram', 'discord');--> statement-breakpoint
CREATE TYPE "public"."task_domain" AS ENUM('social', 'discord', 'twitter', 'wallet', 'telegram');--> statement-breakpoint
CREATE TYPE "public"."task_period" AS ENUM('once', 'daily');--> statement-breakpoint
CREATE TYPE "public"."task_verifier" AS ENUM('sign_in', 'wallet_bind', 'profile_create', 'x_post', 'telegram_channel', 'discord_guild', 'check_in', 'do_task');--> statement-breakpoint
CREATE TABLE "social_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"platform" "social_platform" NOT NULL,
	"external_id" text NOT NULL,
	"username" text,
	"access_token" text,
	"token_expires_at" timestamp with time zone,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_accounts_platform_external_unique" UNIQUE("platform","external_id"),
	CONSTRAINT "social_accounts_user_platform_unique" UNIQUE("user_id","platform")
);
--> statement-breakpoint
CREATE TABLE "social_oauth_states" (
	"state" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"platform" "social_platform" NOT NULL,
	"code_verifier" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_completions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"task_id" integer NOT NULL,
	"period_key" text NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_completions_user_task_period_unique" UNIQUE("user_id","task_id","period_key")
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"domain" "task_domain" NOT NULL,
	"verifier" "task_verifier" NOT NULL,
	"period" "task_period" DEFAULT 'once' NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"url" text,
	"connect_url" text,
	"icon" text,
	"label_name" text,
	"limit" integer DEFAULT 1 NOT NULL,
	"reward_asset" text DEFAULT 'POINT' NOT NULL,
	"reward_amount" numeric(78, 0) NOT NULL,
	"channel" text DEFAULT 'pc' NOT NULL,
	"position" text DEFAULT 'ladder' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"required_text" text,
	"required_link" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_code_unique" UNIQUE("code"),
	CONSTRAINT "tasks_reward_asset" CHECK ("tasks"."reward_asset" in ('POINT', 'OJO')),
	CONSTRAINT "tasks_reward_amount_nonnegative" CHECK ("tasks"."reward_amount" >= 0),
	CONSTRAINT "tasks_limit_positive" CHECK ("tasks"."limit" >= 1),
	CONSTRAINT "tasks_code_format" CHECK ("tasks"."code" ~ '^[a-z0-9_]{1,64}$')
);
--> statement-breakpoint
ALTER TABLE "social_accounts" ADD CONSTRAINT "social_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_oauth_states" ADD CONSTRAINT "social_oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_completions" ADD CONSTRAINT "task_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_completions" ADD CONSTRAINT "task_completions_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_completions_user_idx" ON "task_completions" USING btree ("user_id");