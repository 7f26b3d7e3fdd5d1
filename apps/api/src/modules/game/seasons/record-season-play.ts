import { queryRows, type Transaction } from '@ojo/db/client';
import { gameSeasonPlayers } from '@ojo/db/schema/game';
import { sql } from '@ojo/db/sql';
import type { GameCurrency } from '@ojo/domain/game/amount';
import { ensureOpenSeason } from './seasons';

/** What one settled round adds to a player's standing in one currency (tickets follow from the stakes). */
export interface SeasonPlay {
  userId: string;
  currency: GameCurrency;
  staked: bigint;
  /** What came back minus what was staked. */
  result: bigint;
  bets: number;
}

/**
 * Adds a settled round's play to each player's standing in the season of `nowMs` (opened if it is not yet), in the
 * settlement's transaction, so the standings move with the money or not at all. A game asks here rather than
 * writing the ladder's rows itself.
 */
export async function recordSeasonPlay(
  tx: Transaction,
  plays: readonly SeasonPlay[],
  nowMs: number,
): Promise<void> {
  if (plays.length === 0) return;
  const season = await ensureOpenSeason(tx, nowMs);
  if (!season) return;
  const list = [...plays].sort((a, b) => (a.userId < b.userId ? -1 : 1));
  // One statement whatever the number of players: the columns travel as arrays (a multi-row VALUES of 2,000
  // players is 12,000 parameters for the driver to bind one by one).
  await queryRows(
    tx,
    sql`insert into ${gameSeasonPlayers} (season_id, user_id, currency, staked, result, bets)
        select ${season.id}::text, * from unnest(
          ${`{${list.map((value) => value.userId).join(',')}}`}::uuid[],
          ${`{${list.map((value) => value.currency).join(',')}}`}::text[],
          ${`{${list.map((value) => value.staked.toString()).join(',')}}`}::numeric[],
          ${`{${list.map((value) => value.result.toString()).join(',')}}`}::numeric[],
          ${`{${list.map((value) => value.bets).join(',')}}`}::int[])
        on conflict (season_id, user_id, currency) do update set
          staked = ${gameSeasonPlayers.staked} + excluded.staked,
          result = ${gameSeasonPlayers.result} + excluded.result,
          bets = ${gameSeasonPlayers.bets} + excluded.bets`,
  );
}
