-- The first check-in reward ladder and rules (spec 3 Check-in status). Data, not code: an operator changes the rows
-- (day, asset, amount; missed_day reset|keep; after_last_day restart|repeat_last) and the screen shows them.
INSERT INTO "check_in_rewards" ("day", "asset", "amount") VALUES
  (1, 'POINT', 10),
  (2, 'POINT', 20),
  (3, 'POINT', 30),
  (4, 'POINT', 40),
  (5, 'POINT', 50),
  (6, 'POINT', 60),
  (7, 'OJO', 50)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "check_in_rules" ("id", "missed_day", "after_last_day") VALUES (true, 'reset', 'restart')
ON CONFLICT DO NOTHING;
