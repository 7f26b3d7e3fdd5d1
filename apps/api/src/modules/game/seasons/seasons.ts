import { randomBytes } from 'node:crypto';
import type { Database, Transaction } from '@ojo/db/client';
import { gameSeasons } from '@ojo/db/schema/game';
import { and, desc, gt, lte } from '@ojo/db/sql';
import type { GameCurrency } from '@ojo/domain/game/amount';
import { drawCommitment, drawTerms } from '@ojo/domain/game/season/draw';
import { DEFAULT_PRIZE_POOL_CONFIG } from '@ojo/domain/game/season/prize-pool';
import { type Season, seasonState } from '@ojo/domain/game/season/season';

/**
 * Seasons of a week (Monday 00:00 UTC to the next), opened on schedule by the `game-seasons` singleton's pass
 * (`seasonOpener`, run in plugin.ts before settling the ended seasons) whether or not any round is played, so /seasons, the ranks and
 * the prize pool show the current season on a fresh install and after downtime; a round settling (and a season's
 * settlement, for the tiers it carries) also ensures its week's season. Creation is idempotent (ON CONFLICT DO
 * NOTHING), so two nodes opening the same week are safe. The ticket draw's seed is drawn and committed at creation,
 * as a round's is, and revealed once the season is settled.
 */
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** 1970-01-05 was a Monday. */
const MONDAY_MS = 4 * 24 * 60 * 60 * 1000;

export function weekOf(nowMs: number): { id: string; startsAtMs: number; endsAtMs: number } {
  const startsAtMs = Math.floor((nowMs - MONDAY_MS) / WEEK_MS) * WEEK_MS + MONDAY_MS;
  const day = new Date(startsAtMs).toISOString().slice(0, 10);
  return { id: `S${day}`, startsAtMs, endsAtMs: startsAtMs + WEEK_MS };
}

type Executor = Database | Transaction;
export type SeasonRow = typeof gameSeasons.$inferSelect;

export async function ensureOpenSeason(db: Executor, nowMs: number): Promise<SeasonRow | undefined> {
  const week = weekOf(nowMs);
  const seed = randomBytes(32).toString('hex');
  await db
    .insert(gameSeasons)
    .values({
      ...week,
      drawSeed: seed,
      drawCommitment: drawCommitment(drawTerms(week.id, 'OJO', DEFAULT_PRIZE_POOL_CONFIG.drawPrizes), seed),
    })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(gameSeasons)
    .where(and(lte(gameSeasons.startsAtMs, nowMs), gt(gameSeasons.endsAtMs, nowMs)))
    .limit(1);
  return row;
}

/**
 * Opens the current week's season, cheaply: the insert runs at the first call and when the week turns (the week
 * opened last is remembered), not on every pass.
 */
export function seasonOpener(db: Database): (nowMs: number) => Promise<void> {
  let openedWeek: string | null = null;
  return async (nowMs) => {
    const week = weekOf(nowMs).id;
    if (week === openedWeek) return;
    await ensureOpenSeason(db, nowMs);
    openedWeek = week;
  };
}

export async function listSeasons(db: Executor, nowMs: number): Promise<SeasonRow[]> {
  return db
    .select()
    .from(gameSeasons)
    .where(lte(gameSeasons.startsAtMs, nowMs))
    .orderBy(desc(gameSeasons.startsAtMs))
    .limit(100);
}

export function stateOf(row: SeasonRow, nowMs: number) {
  const season: Season = {
    id: row.id,
    startsAtMs: row.startsAtMs,
    endsAtMs: row.endsAtMs,
    settledAtMs: row.settledAtMs,
  };
  return seasonState(season, nowMs);
}

/** The draw commitment of a season's currency (public from the season's start); the seed only once closed. */
export function seasonDraw(row: SeasonRow, currency: GameCurrency, nowMs: number) {
  const terms = drawTerms(row.id, currency, DEFAULT_PRIZE_POOL_CONFIG.drawPrizes);
  return {
    commitment: drawCommitment(terms, row.drawSeed),
    seed: stateOf(row, nowMs) === 'closed' ? row.drawSeed : null,
  };
}
