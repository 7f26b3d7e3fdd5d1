CREATE TABLE "game_season_results" (
	"season_id" text NOT NULL,
	"currency" text NOT NULL,
	"pool" numeric(78, 0) NOT NULL,
	"paid" numeric(78, 0) NOT NULL,
	"carry_out" numeric(78, 0) NOT NULL,
	"published" jsonb NOT NULL,
	"settled_at_ms" bigint NOT NULL,
	CONSTRAINT "game_season_results_season_id_currency_pk" PRIMARY KEY("season_id","currency"),
	CONSTRAINT "game_season_results_currency_known" CHECK ("game_season_results"."currency" in ('OJO', 'POINT')),
	CONSTRAINT "game_season_results_books" CHECK ("game_season_results"."paid" >= 0 and "game_season_results"."paid" + "game_season_results"."carry_out" = "game_season_results"."pool")
);
--> statement-breakpoint
ALTER TABLE "game_season_results" ADD CONSTRAINT "game_season_results_season_id_game_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."game_seasons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_season_settles_user_idx" ON "game_season_settles" USING btree ("user_id","currency","settled_at_ms");