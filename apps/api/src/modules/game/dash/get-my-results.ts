import type { Database } from '@ojo/db/client';
import { gameBets } from '@ojo/db/schema/game';
import { and, eq, inArray } from '@ojo/db/sql';
import { GAME_CURRENCIES, type GameCurrency } from '@ojo/domain/game/amount';
import { returnedOf, type StoredRound } from './rounds';

export interface MyRoundResult {
  roundId: string;
  currency: GameCurrency;
  staked: string;
  returned: string;
}

/**
 * What a player staked and got back in each currency of the given finished rounds (only the rounds and currencies
 * they played), oldest round first as given: the history shows the player's own result beside each round.
 */
export async function myResultsIn(
  db: Database,
  rounds: readonly StoredRound[],
  userId: string,
): Promise<MyRoundResult[]> {
  if (rounds.length === 0) return [];
  const rows = await db
    .select()
    .from(gameBets)
    .where(
      and(
        eq(gameBets.userId, userId),
        eq(gameBets.status, 'active'),
        inArray(
          gameBets.roundId,
          rounds.map((round) => round.id),
        ),
      ),
    );
  const results: MyRoundResult[] = [];
  for (const round of rounds) {
    const mine = rows.filter((row) => row.roundId === round.id);
    for (const currency of GAME_CURRENCIES) {
      const bets = mine.filter((row) => row.currency === currency);
      if (bets.length === 0) continue;
      const staked = bets.reduce((sum, row) => sum + row.amount, 0n);
      const returned = bets.reduce(
        (sum, row) => sum + (row.returned ?? returnedOf(round.state, row) ?? 0n),
        0n,
      );
      results.push({ roundId: round.id, currency, staked: staked.toString(), returned: returned.toString() });
    }
  }
  return results;
}
