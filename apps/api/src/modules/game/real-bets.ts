import type { Database, Transaction } from '@ojo/db/client';
import { dashRealBetsOf } from './dash/player-rounds';

export interface RealBets {
  /** Rounds the player really bet in. */
  rounds: number;
  /** OJO staked in them. */
  ojo: bigint;
}

/**
 * Each game's reader of a player's real bets: bets that stood in a round whose betting closed and that was not
 * voided. Only the game knows its round document, so each answers for its own rounds (a second game adds its
 * reader here).
 */
type RealBetsReader = (db: Database | Transaction, userId: string) => Promise<RealBets>;
const REAL_BETS_OF_EACH_GAME: readonly RealBetsReader[] = [dashRealBetsOf];

/**
 * A player's real bets in every game. Other modules ask here: redeeming needs them (the trade limit), a referral
 * counts, a first-come badge is given and free OJO unlocks only after them (modules/rewards).
 */
export async function realBetsOf(db: Database | Transaction, userId: string): Promise<RealBets> {
  const total: RealBets = { rounds: 0, ojo: 0n };
  // One after another: in a transaction every query goes through its one connection anyway.
  for (const realBetsOfGame of REAL_BETS_OF_EACH_GAME) {
    const bets = await realBetsOfGame(db, userId);
    total.rounds += bets.rounds;
    total.ojo += bets.ojo;
  }
  return total;
}
