CREATE TABLE "game_bets" (
	"id" text PRIMARY KEY NOT NULL,
	"round_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"client_bet_id" text NOT NULL,
	"currency" text NOT NULL,
	"track" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"placed_at_ms" bigint NOT NULL,
	"returned" numeric(78, 0),
	"returned_kind" text,
	CONSTRAINT "game_bets_client_key" UNIQUE("round_id","user_id","client_bet_id"),
	CONSTRAINT "game_bets_currency_known" CHECK ("game_bets"."currency" in ('OJO', 'POINT')),
	CONSTRAINT "game_bets_amount_positive" CHECK ("game_bets"."amount" > 0),
	CONSTRAINT "game_bets_status_known" CHECK ("game_bets"."status" in ('active', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "game_prize_pool_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_prize_pool_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"currency" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"source" text NOT NULL,
	"round_id" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_prize_pool_entries_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "game_prize_pool_currency_known" CHECK ("game_prize_pool_entries"."currency" in ('OJO', 'POINT'))
);
--> statement-breakpoint
CREATE TABLE "game_rounds" (
	"id" text PRIMARY KEY NOT NULL,
	"game" text DEFAULT 'dash' NOT NULL,
	"phase" text NOT NULL,
	"opens_at_ms" bigint NOT NULL,
	"closes_at_ms" bigint NOT NULL,
	"commitment" text NOT NULL,
	"seed" text,
	"seed_revealed_at" timestamp with time zone,
	"state" jsonb NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_rounds_phase_known" CHECK ("game_rounds"."phase" in ('upcoming', 'betting', 'racing', 'settling', 'results', 'finished'))
);
--> statement-breakpoint
CREATE TABLE "game_season_players" (
	"season_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"tier" integer DEFAULT 0 NOT NULL,
	"staked" numeric(78, 0) DEFAULT 0 NOT NULL,
	"result" numeric(78, 0) DEFAULT 0 NOT NULL,
	"bets" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "game_season_players_season_id_user_id_currency_pk" PRIMARY KEY("season_id","user_id","currency")
);
--> statement-breakpoint
CREATE TABLE "game_season_settles" (
	"season_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"from_tier" integer NOT NULL,
	"to_tier" integer NOT NULL,
	"rank_in_tier" integer NOT NULL,
	"state" text NOT NULL,
	"rank_prize" numeric(78, 0) DEFAULT 0 NOT NULL,
	"draw_prize" numeric(78, 0) DEFAULT 0 NOT NULL,
	"tickets" numeric(78, 0) DEFAULT 0 NOT NULL,
	"settled_at_ms" bigint NOT NULL,
	CONSTRAINT "game_season_settles_season_id_user_id_currency_pk" PRIMARY KEY("season_id","user_id","currency")
);
--> statement-breakpoint
CREATE TABLE "game_seasons" (
	"id" text PRIMARY KEY NOT NULL,
	"starts_at_ms" bigint NOT NULL,
	"ends_at_ms" bigint NOT NULL,
	"settled_at_ms" bigint,
	"draw_commitment" text NOT NULL,
	"draw_seed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "game_bets" ADD CONSTRAINT "game_bets_round_id_game_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."game_rounds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_bets" ADD CONSTRAINT "game_bets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_season_players" ADD CONSTRAINT "game_season_players_season_id_game_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."game_seasons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_season_players" ADD CONSTRAINT "game_season_players_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_season_settles" ADD CONSTRAINT "game_season_settles_season_id_game_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."game_seasons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_season_settles" ADD CONSTRAINT "game_season_settles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_bets_round_idx" ON "game_bets" USING btree ("round_id","status");--> statement-breakpoint
CREATE INDEX "game_bets_user_idx" ON "game_bets" USING btree ("user_id","round_id");--> statement-breakpoint
CREATE INDEX "game_rounds_opens_idx" ON "game_rounds" USING btree ("game","opens_at_ms");--> statement-breakpoint
CREATE INDEX "game_season_players_rank_idx" ON "game_season_players" USING btree ("season_id","currency","tier","result");