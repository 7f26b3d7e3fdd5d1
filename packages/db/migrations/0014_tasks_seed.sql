-- The spec's tasks (spec 3 Task codes; spec 9 task ids: check-in 411010, play game 411004). From here on they are
-- data: an operator changes these rows (title, reward, url, limit, position, is_active) without code. A null url
-- means the configured default of the task's kind (the X post intent, the Telegram channel, the Discord invite).
INSERT INTO "tasks" ("id", "code", "domain", "verifier", "period", "title", "description", "label_name", "limit", "reward_asset", "reward_amount", "channel", "position", "sort_order", "required_text", "url")
VALUES
  (411001, 'sign_in', 'social', 'sign_in', 'daily', 'Daily sign in', 'Sign in to OJO Arena every day [[p10]]', 'TODAY', 1, 'POINT', 10, 'pc', 'ladder', 10, NULL, NULL),
  (411002, 'osp_profile_create', 'social', 'profile_create', 'once', 'Create your on-chain profile', 'Claim your handle on chain [[p100]]', NULL, 1, 'POINT', 100, 'pc', 'ladder', 20, NULL, '/'),
  (411003, 'wallet_bind', 'wallet', 'wallet_bind', 'once', 'Link a wallet', 'Link an EVM wallet for asset badges [[p50]]', NULL, 1, 'POINT', 50, 'pc', 'ladder', 30, NULL, '/mint-badge'),
  (411005, 'subject_post_x', 'twitter', 'x_post', 'once', 'Post about OJO Arena on X', 'Share OJO Arena with your followers [[p100]]', NULL, 1, 'POINT', 100, 'pc', 'ladder', 40, 'Predict, play and earn on OJO Arena #OJOArena $OJO', NULL),
  (411006, 'connect_tg', 'telegram', 'telegram_channel', 'once', 'Join our Telegram channel', 'Connect Telegram and join the channel [[p50]]', NULL, 1, 'POINT', 50, 'pc', 'ladder', 50, NULL, NULL),
  (411007, 'join_discord', 'discord', 'discord_guild', 'once', 'Join our Discord server', 'Connect Discord and join the server [[p50]]', NULL, 1, 'POINT', 50, 'pc', 'ladder', 60, NULL, NULL),
  (411004, 'play_game', 'social', 'do_task', 'daily', 'Play a game', 'Play a round of the coin race [[p20]]', 'TODAY', 1, 'POINT', 20, 'pc', 'game', 10, NULL, '/game'),
  (411010, 'check_in', 'social', 'check_in', 'daily', 'Daily check-in', 'Check in every day', 'TODAY', 1, 'POINT', 0, 'pc', 'game', 20, NULL, '/game')
ON CONFLICT ("id") DO NOTHING;
