import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { baseUnits, ownerId, timestamps } from './columns';

/** A base-units total that starts at zero. */
const zeroUnits = (name: string) => baseUnits(name).notNull().default(sql`0`);

/**
 * The coin race (ARCHITECTURE.md (The coin race)). A round's whole state is the domain's `DashRound` document
 * (`state`, plain JSON, stored and sent as it is); `phase` and the times beside it are copies for queries and for
 * the bet check that must see a round close. `seed` stays secret until the round is settled (`seed_revealed_at`);
 * the commitment to it is public from creation, before betting opens.
 */
export const gameRounds = pgTable(
  'game_rounds',
  {
    id: text('id').primaryKey(),
    game: text('game').notNull().default('dash'),
    phase: text('phase').notNull(),
    opensAtMs: bigint('opens_at_ms', { mode: 'number' }).notNull(),
    closesAtMs: bigint('closes_at_ms', { mode: 'number' }).notNull(),
    commitment: text('commitment').notNull(),
    seed: text('seed'),
    seedRevealedAt: timestamp('seed_revealed_at', { withTimezone: true }),
    state: jsonb('state').notNull(),
    /**
     * Set once the settlement's money moved (the ledger entries commit with it), at the state's `settledAtMs`: the
     * round driver finds the rounds settled in the last minute by it (their play-task rewards to announce).
     */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    index('game_rounds_opens_idx').on(table.game, table.opensAtMs),
    index('game_rounds_settled_idx').on(table.settledAt),
    check(
      'game_rounds_phase_known',
      sql`${table.phase} in ('upcoming', 'betting', 'racing', 'settling', 'results', 'finished')`,
    ),
  ],
);

/**
 * That a player was told (`balance` on the live bus) that their play-task reward for a round landed. The round
 * driver writes it in the statement that finds the reward's job succeeded and tells only the players it inserted,
 * so each hears it once whichever node drives, across a crash or a lease hand-over (drive-rounds.ts).
 */
export const gameRewardNotices = pgTable(
  'game_reward_notices',
  {
    roundId: text('round_id')
      .notNull()
      .references(() => gameRounds.id, { onDelete: 'cascade' }),
    userId: ownerId(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.roundId, table.userId] })],
);

/**
 * One stake on one track of a round. The stake (and each change of it) left the ledger with the idempotency key
 * `dash:<round>:bet:<bet>:r<revision>` in the transaction that wrote this row; `(round, user, client_bet_id)` makes
 * a retried placement one bet. `returned` is what settlement paid or refunded (null before).
 */
export const gameBets = pgTable(
  'game_bets',
  {
    id: text('id').primaryKey(),
    roundId: text('round_id')
      .notNull()
      .references(() => gameRounds.id, { onDelete: 'restrict' }),
    userId: ownerId(),
    clientBetId: text('client_bet_id').notNull(),
    currency: text('currency').notNull(),
    track: text('track').notNull(),
    amount: baseUnits('amount').notNull(),
    revision: integer('revision').notNull().default(0),
    status: text('status').notNull().default('active'),
    placedAtMs: bigint('placed_at_ms', { mode: 'number' }).notNull(),
    returned: baseUnits('returned'),
    returnedKind: text('returned_kind'),
  },
  (table) => [
    unique('game_bets_client_key').on(table.roundId, table.userId, table.clientBetId),
    index('game_bets_round_idx').on(table.roundId, table.status),
    index('game_bets_user_idx').on(table.userId, table.roundId),
    check('game_bets_currency_known', sql`${table.currency} in ('OJO', 'POINT')`),
    check('game_bets_amount_positive', sql`${table.amount} > 0`),
    check('game_bets_status_known', sql`${table.status} in ('active', 'withdrawn')`),
  ],
);

/**
 * What feeds each currency's prize pool (a round's fee and remainder; later a season's prizes leave it as negative
 * entries). A pool is the sum of its entries; `idempotency_key` makes a settlement that runs twice count once.
 */
export const gamePrizePoolEntries = pgTable(
  'game_prize_pool_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    currency: text('currency').notNull(),
    amount: baseUnits('amount').notNull(),
    source: text('source').notNull(),
    roundId: text('round_id'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('game_prize_pool_currency_known', sql`${table.currency} in ('OJO', 'POINT')`)],
);

/**
 * Seasons (product.md 3 'Season states: closing, open, closed.'): the state follows from the times and `settled_at_ms`
 * (packages/domain season/season.ts). The ticket draw's seed is committed when the season is created.
 */
export const gameSeasons = pgTable('game_seasons', {
  id: text('id').primaryKey(),
  startsAtMs: bigint('starts_at_ms', { mode: 'number' }).notNull(),
  endsAtMs: bigint('ends_at_ms', { mode: 'number' }).notNull(),
  settledAtMs: bigint('settled_at_ms', { mode: 'number' }),
  drawCommitment: text('draw_commitment').notNull(),
  drawSeed: text('draw_seed').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Whose season row it is: one player in one season's ladder of one currency (the key of the two tables below). */
const seasonId = () =>
  text('season_id')
    .notNull()
    .references(() => gameSeasons.id, { onDelete: 'restrict' });
const seasonPlayer = () => ({
  seasonId: seasonId(),
  userId: ownerId(),
  currency: text('currency').notNull(),
});
const seasonPlayerKey = (table: { seasonId: AnyPgColumn; userId: AnyPgColumn; currency: AnyPgColumn }) =>
  primaryKey({ columns: [table.seasonId, table.userId, table.currency] });

/**
 * A player's season in one currency's ladder: tier, settled stakes (tickets follow from them), result (payouts
 * minus stakes) and settled bets. Updated by each round's settlement in the same transaction as its payouts.
 */
export const gameSeasonPlayers = pgTable(
  'game_season_players',
  {
    ...seasonPlayer(),
    tier: integer('tier').notNull().default(0),
    staked: zeroUnits('staked'),
    result: zeroUnits('result'),
    bets: integer('bets').notNull().default(0),
    /**
     * The player's season reference, `seasonPlayerRef(seasonId, userId)` of domain season/verify.ts, stored so the
     * ladder's last tie-break reads it instead of hashing every row on every request. PostgreSQL computes it (no
     * insert names it); `::bytea` rather than `convert_to`, which is only stable and refused here, gives the same
     * UTF-8 bytes for season ids (no backslash) and uuids.
     */
    playerRef: text('player_ref')
      .notNull()
      .generatedAlwaysAs(
        sql`'p' || left(encode(sha256(('ojo-season-player|' || season_id || '|' || user_id::text)::bytea), 'hex'), 24)`,
      ),
  },
  (table) => [
    seasonPlayerKey(table),
    // The ladder's order within one season and currency (get-season-views.ts), the reference last in byte order.
    index('game_season_players_ladder_idx').on(
      table.seasonId,
      table.currency,
      table.tier.desc().nullsFirst(),
      table.result.desc().nullsFirst(),
      table.staked.desc().nullsFirst(),
      sql`${table.playerRef} collate "C"`,
    ),
  ],
);

/** A player's settlement of a season in one currency (product.md 7 /ladders/lastsettle, /seasons/{id}/settles/myself). */
export const gameSeasonSettles = pgTable(
  'game_season_settles',
  {
    ...seasonPlayer(),
    fromTier: integer('from_tier').notNull(),
    toTier: integer('to_tier').notNull(),
    rankInTier: integer('rank_in_tier').notNull(),
    state: text('state').notNull(),
    rankPrize: zeroUnits('rank_prize'),
    drawPrize: zeroUnits('draw_prize'),
    tickets: zeroUnits('tickets'),
    settledAtMs: bigint('settled_at_ms', { mode: 'number' }).notNull(),
  },
  (table) => [
    seasonPlayerKey(table),
    index('game_season_settles_user_idx').on(table.userId, table.currency, table.settledAtMs),
  ],
);

/**
 * A season's settlement in one currency, written once in the settlement's transaction (its primary key is the
 * once-per-currency guard): the pool it shared, what it paid and what stays in the pool, and `published`, the
 * document `verifySeason` recomputes (standings, tickets, revealed seed, draw winners, prizes, ladder moves), as
 * GET /seasons/{id}/verify serves it.
 */
export const gameSeasonResults = pgTable(
  'game_season_results',
  {
    seasonId: seasonId(),
    currency: text('currency').notNull(),
    pool: baseUnits('pool').notNull(),
    paid: baseUnits('paid').notNull(),
    carryOut: baseUnits('carry_out').notNull(),
    published: jsonb('published').notNull(),
    settledAtMs: bigint('settled_at_ms', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.seasonId, table.currency] }),
    check('game_season_results_currency_known', sql`${table.currency} in ('OJO', 'POINT')`),
    check(
      'game_season_results_books',
      sql`${table.paid} >= 0 and ${table.paid} + ${table.carryOut} = ${table.pool}`,
    ),
  ],
);

export type GameRoundRow = typeof gameRounds.$inferSelect;
export type GameBetRow = typeof gameBets.$inferSelect;
