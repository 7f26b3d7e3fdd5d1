import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** product.md 3 Task: 'Task domains: social, discord, twitter, wallet, telegram' (the icon follows the domain). */
export const taskDomain = pgEnum('task_domain', ['social', 'discord', 'twitter', 'wallet', 'telegram']);

/**
 * How a task is verified: one adapter each in apps/api/src/modules/tasks/verifiers. An operator picks one per row;
 * a new kind of check is code, a new task of a known kind is a row.
 */
export const taskVerifier = pgEnum('task_verifier', [
  'sign_in',
  'wallet_bind',
  'profile_create',
  'x_post',
  'telegram_channel',
  'discord_guild',
  'check_in',
  'do_task',
]);

/** Once ever, or once per UTC day (a daily task shows DONE (TODAY), product.md 4). */
export const taskPeriod = pgEnum('task_period', ['once', 'daily']);

/**
 * The tasks offered to players (product.md 3 Task, product.md 7 Quests and tasks), as data: an operator adds, changes or retires
 * rows without code. `id` is the spec's numeric taskId (check-in 411010, play game 411004). The description may
 * carry the `[[p<n>]]` marker the page shows as the point value (product.md 2); it should equal `rewardAmount` for POINT.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: integer('id').primaryKey(),
    code: text('code').notNull().unique(),
    domain: taskDomain('domain').notNull(),
    verifier: taskVerifier('verifier').notNull(),
    period: taskPeriod('period').notNull().default('once'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Where the player does the task (a post intent, the channel, the guild invite, an app route). */
    url: text('url'),
    /** Where the player connects the platform; the API builds the signed link itself when it needs one. */
    connectUrl: text('connect_url'),
    /** Optional icon URL; without one the page shows the domain's icon. */
    icon: text('icon'),
    /** A label such as TODAY: product.md 4 'A done task shows DONE (TODAY if it has a label).' */
    labelName: text('label_name'),
    /** Completions needed per period (product.md 2 'progress/limit' when over 1). */
    limit: integer('limit').notNull().default(1),
    rewardAsset: text('reward_asset').notNull().default('POINT'),
    rewardAmount: numeric('reward_amount', { precision: 78, scale: 0, mode: 'bigint' }).notNull(),
    /** product.md 7 'GET /v2/tasks/list with channel and position (channel 'pc', position 'ladder')'. */
    channel: text('channel').notNull().default('pc'),
    position: text('position').notNull().default('ladder'),
    sortOrder: integer('sort_order').notNull().default(0),
    /** X posts: the text and the link the post must contain. */
    requiredText: text('required_text'),
    requiredLink: text('required_link'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('tasks_reward_asset', sql`${table.rewardAsset} in ('POINT', 'OJO')`),
    check('tasks_reward_amount_nonnegative', sql`${table.rewardAmount} >= 0`),
    check('tasks_limit_positive', sql`${table.limit} >= 1`),
    check('tasks_code_format', sql`${table.code} ~ '^[a-z0-9_]{1,64}$'`),
  ],
);

/**
 * A player's progress on a task in one period (`periodKey` 'once' or the UTC day 'YYYY-MM-DD'). `completedAt` is
 * set once, in the transaction that credits the reward (its ledger key names user, task and period).
 */
export const taskCompletions = pgTable(
  'task_completions',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'restrict' }),
    periodKey: text('period_key').notNull(),
    progress: integer('progress').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('task_completions_user_task_period_unique').on(table.userId, table.taskId, table.periodKey),
    index('task_completions_user_idx').on(table.userId),
    // The task list reads a player's one-off completions and today's: without this, every day the player ever did a
    // daily task.
    index('task_completions_user_period_idx').on(table.userId, table.periodKey),
  ],
);

/** Platforms a player connects for tasks (X, Telegram, Discord). */
export const socialPlatform = pgEnum('social_platform', ['twitter', 'telegram', 'discord']);

/**
 * A platform account bound to a player. One account belongs to one player (product.md 8 100023 'This {platform} has been
 * bound to another account'), one per platform per player. The access token (X, Discord) reads the player's posts
 * or guilds; Telegram needs none (the bot asks).
 */
export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: socialPlatform('platform').notNull(),
    externalId: text('external_id').notNull(),
    username: text('username'),
    accessToken: text('access_token'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    boundAt: timestamp('bound_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('social_accounts_platform_external_unique').on(table.platform, table.externalId),
    unique('social_accounts_user_platform_unique').on(table.userId, table.platform),
  ],
);

/**
 * An OAuth authorization request in flight (RFC 6749 state, RFC 7636 verifier): bound to the player who started it,
 * single use, short-lived. The verifier never leaves the server.
 */
export const socialOauthStates = pgTable('social_oauth_states', {
  state: text('state').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  platform: socialPlatform('platform').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export type Task = typeof tasks.$inferSelect;
export type NewTask = typeof tasks.$inferInsert;
export type TaskCompletion = typeof taskCompletions.$inferSelect;
export type SocialAccount = typeof socialAccounts.$inferSelect;
export type SocialPlatform = SocialAccount['platform'];
