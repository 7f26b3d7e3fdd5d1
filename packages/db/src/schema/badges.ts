import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** product.md 3 'Badge series: OnboardingBadge, DojoBadge, DojoDash, DailyDriver, SplashRoi, SplashTotalRoi, Hood, KyuTrainer.' */
export const badgeSeries = pgEnum('badge_series', [
  'OnboardingBadge',
  'DojoBadge',
  'DojoDash',
  'DailyDriver',
  'SplashRoi',
  'SplashTotalRoi',
  'Hood',
  'KyuTrainer',
]);

/** product.md 3 'Badge categories: LEADER_BOARD, EARLY_BIRD, ADMIN.' */
export const badgeCategory = pgEnum('badge_category', ['LEADER_BOARD', 'EARLY_BIRD', 'ADMIN']);

/**
 * product.md 3 'Allow types: NO, GTD, FCFS': NO nobody may claim (a badge shown but closed), GTD every player who meets
 * the rule, FCFS the first `max_supply` players who meet it.
 */
export const badgeAllowType = pgEnum('badge_allow_type', ['NO', 'GTD', 'FCFS']);

/**
 * Where a badge's progress comes from (apps/api/src/modules/badge/progress-sources): a new source is code, a new
 * badge of a known source is a row.
 */
export const badgeProgressSource = pgEnum('badge_progress_source', [
  /** Task completions of the codes in `rule.taskCodes` (the onboarding tasks). */
  'tasks',
  /** The daily check-in streak. */
  'check_in_streak',
  /** Dash rounds played (`rule.won` true: won). */
  'dash_rounds',
  /** Referrals that count (the referee created a profile). */
  'referrals',
  /** Partner assets held by the player's wallets: `rule.assets` ['nft'], ['token'] or both. */
  'partner_assets',
  /** Splash results (the Splash game has not arrived: always 0). */
  'splash',
  /** Given by an operator only (a row in badge_claims). */
  'operator',
]);

/**
 * The badges (product.md 3 Badge entry), as data an operator changes: one row per series and level. `id` is the badge id
 * of the calls (`/wallets/claim/tokens/{id}`, `/nft/checker/{id}`); `token_id` the BadgeNFT token id it mints.
 */
export const badges = pgTable(
  'badges',
  {
    id: integer('id').primaryKey(),
    series: badgeSeries('series').notNull(),
    seriesName: text('series_name').notNull(),
    name: text('name').notNull(),
    level: integer('level').notNull().default(1),
    category: badgeCategory('category').notNull(),
    allowType: badgeAllowType('allow_type').notNull().default('GTD'),
    /** FCFS only: how many players may claim it. */
    maxSupply: integer('max_supply'),
    tokenId: numeric('token_id', { precision: 78, scale: 0, mode: 'bigint' }).notNull().unique(),
    uri: text('uri').notNull().default(''),
    logo: text('logo').notNull().default(''),
    description: text('description').notNull().default(''),
    progressSource: badgeProgressSource('progress_source').notNull(),
    /** The product.md 3 progress item type shown with it (badge-progress.ts PROGRESS_TYPES). */
    progressType: text('progress_type').notNull(),
    progressName: text('progress_name').notNull().default(''),
    /** The value the progress must reach (product.md 3: greater than 0). */
    condition: integer('condition').notNull(),
    /** Source parameters (task codes, assets, ...). */
    rule: jsonb('rule').$type<Record<string, unknown>>().notNull().default({}),
    royaltyBps: integer('royalty_bps').notNull().default(0),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('badges_series_level_unique').on(table.series, table.level),
    check('badges_condition_positive', sql`${table.condition} > 0`),
    check('badges_royalty_cap', sql`${table.royaltyBps} between 0 and 10000`),
    check('badges_fcfs_supply', sql`${table.allowType} <> 'FCFS' or ${table.maxSupply} > 0`),
  ],
);

/** product.md 4 Badge status after pending: claimable (a signed mint request exists), claimed (the chain minted it). */
export const badgeClaimStatus = pgEnum('badge_claim_status', ['claimable', 'claimed']);

/** product.md 3 'Sync states: UNSYNC, SYNCING, SYNCED' of a mint: not sent, sent and not confirmed, confirmed. */
export const badgeSyncState = pgEnum('badge_sync_state', ['UNSYNC', 'SYNCING', 'SYNCED']);

/**
 * A player's badge once earned (no row: pending). `uid` is the single-use id of its current signed mint request;
 * a request is re-signed (new uid) only after the old one expired unminted, so two tabs or a retried claim mint the
 * same request, which the contract takes once.
 */
export const badgeClaims = pgTable(
  'badge_claims',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    badgeId: integer('badge_id')
      .notNull()
      .references(() => badges.id, { onDelete: 'restrict' }),
    status: badgeClaimStatus('status').notNull().default('claimable'),
    /** Where the badge is minted: the player's smart account. */
    address: text('address').notNull(),
    uid: text('uid').notNull().unique(),
    signature: text('signature'),
    validityStart: bigint('validity_start', { mode: 'number' }),
    validityEnd: bigint('validity_end', { mode: 'number' }),
    syncState: badgeSyncState('sync_state').notNull().default('UNSYNC'),
    /** The reported user operation or transaction hash of the mint, and the transaction that minted it. */
    reportedHash: text('reported_hash'),
    txHash: text('tx_hash'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('badge_claims_user_badge_unique').on(table.userId, table.badgeId),
    index('badge_claims_badge_idx').on(table.badgeId),
    index('badge_claims_unsynced_idx').on(table.status).where(sql`${table.status} = 'claimable'`),
  ],
);

export type Badge = typeof badges.$inferSelect;
export type BadgeClaim = typeof badgeClaims.$inferSelect;
