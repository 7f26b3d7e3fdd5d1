-- Free rewards are not cash (DESIGN.md 11): the check-in ladder and the tasks pay FishXP (POINT). A reward that paid
-- OJO pays twice its amount in FishXP (the seeded day 7: 50 OJO -> 100 FishXP, still the ladder's largest step). An
-- operator may still set OJO on a row; that OJO stays locked until the player meets the unlock conditions
-- (apps/api/src/modules/rewards).
UPDATE "check_in_rewards" SET "asset" = 'POINT', "amount" = "amount" * 2 WHERE "asset" = 'OJO';
--> statement-breakpoint
ALTER TABLE "check_in_rewards" ALTER COLUMN "asset" SET DEFAULT 'POINT';
--> statement-breakpoint
UPDATE "tasks" SET "reward_asset" = 'POINT', "reward_amount" = "reward_amount" * 2 WHERE "reward_asset" = 'OJO';
--> statement-breakpoint
-- A referral counts once the referee really played: a check-in and an active bet in a round whose betting closed and
-- that was not voided. Profile creation no longer counts one: referrals counted that way without that activity stop
-- counting, and those whose referee already has it count from now.
UPDATE "referrals" SET "counted_at" = CASE
    WHEN EXISTS (SELECT 1 FROM "check_ins" c WHERE c."user_id" = "referrals"."referee_id")
      AND EXISTS (
        SELECT 1 FROM "game_bets" b JOIN "game_rounds" r ON r."id" = b."round_id"
        WHERE b."user_id" = "referrals"."referee_id" AND b."status" = 'active'
          AND r."phase" NOT IN ('upcoming', 'betting')
          AND r."state"->>'voided' IS NULL
          AND coalesce(r."state"->'outcome'->>'kind', '') <> 'void')
    THEN coalesce("counted_at", now())
    ELSE NULL
  END;
--> statement-breakpoint
UPDATE "badges" SET "description" = 'Invite 3 friends who check in and play a race'
  WHERE "id" = 8001 AND "description" = 'Invite 3 friends who create a profile';
--> statement-breakpoint
UPDATE "badges" SET "description" = 'Invite 10 friends who check in and play a race'
  WHERE "id" = 8002 AND "description" = 'Invite 10 friends who create a profile';
