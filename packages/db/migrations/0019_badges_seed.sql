-- The spec's badge series (spec 3), with levels, categories and allow types. From here on they are data: an operator
-- changes these rows (names, conditions, allow type, supply, is_active) without code. `id` is the badge id of the
-- calls and `token_id` the BadgeNFT token it mints. Progress sources: apps/api/src/modules/badge/progress-sources.
INSERT INTO "badges" ("id", "series", "series_name", "name", "level", "category", "allow_type", "max_supply", "token_id", "uri", "description", "progress_source", "progress_type", "progress_name", "condition", "rule", "sort_order")
VALUES
  (1001, 'OnboardingBadge', 'Onboarding Badge', 'Onboarding Badge', 1, 'EARLY_BIRD', 'GTD', NULL, 1001, 'ojo-arena://badges/1001', 'Sign in and create your on-chain profile', 'tasks', 'task_count', 'Onboarding tasks', 2, '{"taskCodes": ["sign_in", "osp_profile_create"]}', 10),
  (2001, 'DojoBadge', 'Dojo Badge', 'Dojo Badge: Partner NFT', 1, 'EARLY_BIRD', 'GTD', NULL, 2001, 'ojo-arena://badges/2001', 'Hold a partner NFT in a linked wallet', 'partner_assets', 'asset_hold', 'Partner NFT', 1, '{"assets": ["nft"]}', 20),
  (2002, 'DojoBadge', 'Dojo Badge', 'Dojo Badge: Partner Token', 2, 'EARLY_BIRD', 'GTD', NULL, 2002, 'ojo-arena://badges/2002', 'Hold the partner token in a linked wallet', 'partner_assets', 'asset_hold', 'Partner token', 1, '{"assets": ["token"]}', 21),
  (2003, 'DojoBadge', 'Dojo Badge', 'Dojo Badge: Partner NFT and Token', 3, 'EARLY_BIRD', 'GTD', NULL, 2003, 'ojo-arena://badges/2003', 'Hold a partner NFT and the partner token', 'partner_assets', 'asset_hold', 'Partner NFT and token', 2, '{"assets": ["nft", "token"]}', 22),
  (3001, 'DojoDash', 'Dojo Dash', 'Dojo Dash I', 1, 'LEADER_BOARD', 'GTD', NULL, 3001, 'ojo-arena://badges/3001', 'Play 10 Dash rounds', 'dash_rounds', 'race_count', 'Rounds played', 10, '{}', 30),
  (3002, 'DojoDash', 'Dojo Dash', 'Dojo Dash II', 2, 'LEADER_BOARD', 'GTD', NULL, 3002, 'ojo-arena://badges/3002', 'Play 50 Dash rounds', 'dash_rounds', 'race_count', 'Rounds played', 50, '{}', 31),
  (3003, 'DojoDash', 'Dojo Dash', 'Dojo Dash III', 3, 'LEADER_BOARD', 'GTD', NULL, 3003, 'ojo-arena://badges/3003', 'Win 20 Dash rounds', 'dash_rounds', 'race_count', 'Rounds won', 20, '{"won": true}', 32),
  (4001, 'DailyDriver', 'Daily Driver', 'Daily Driver I', 1, 'EARLY_BIRD', 'GTD', NULL, 4001, 'ojo-arena://badges/4001', 'Check in 3 days in a row', 'check_in_streak', 'check_in_days', 'Check-in streak', 3, '{}', 40),
  (4002, 'DailyDriver', 'Daily Driver', 'Daily Driver II', 2, 'EARLY_BIRD', 'GTD', NULL, 4002, 'ojo-arena://badges/4002', 'Check in 7 days in a row', 'check_in_streak', 'check_in_days', 'Check-in streak', 7, '{}', 41),
  (5001, 'SplashRoi', 'Splash ROI', 'Splash ROI', 1, 'LEADER_BOARD', 'GTD', NULL, 5001, 'ojo-arena://badges/5001', 'Reach a 100% ROI in one Splash round', 'splash', 'splash_roi', 'Best ROI', 100, '{}', 50),
  (6001, 'SplashTotalRoi', 'Splash Total ROI', 'Splash Total ROI', 1, 'LEADER_BOARD', 'GTD', NULL, 6001, 'ojo-arena://badges/6001', 'Reach a 500% total ROI in Splash', 'splash', 'splash_total_roi', 'Total ROI', 500, '{}', 60),
  (7001, 'Hood', 'Hood', 'Hood', 1, 'ADMIN', 'NO', NULL, 7001, 'ojo-arena://badges/7001', 'Given by the OJO Arena team', 'operator', 'task_count', 'Given', 1, '{}', 70),
  (8001, 'KyuTrainer', 'Kyu Trainer', 'Kyu Trainer I', 1, 'EARLY_BIRD', 'FCFS', 1000, 8001, 'ojo-arena://badges/8001', 'Invite 3 friends who create a profile', 'referrals', 'invite_count', 'Friends invited', 3, '{}', 80),
  (8002, 'KyuTrainer', 'Kyu Trainer', 'Kyu Trainer II', 2, 'EARLY_BIRD', 'GTD', NULL, 8002, 'ojo-arena://badges/8002', 'Invite 10 friends who create a profile', 'referrals', 'invite_count', 'Friends invited', 10, '{}', 81)
ON CONFLICT ("id") DO NOTHING;
