import { GAME_CURRENCIES, type GameCurrency } from '../amount';
import type { DashBet } from './settle';

/**
 * Tickets earned by playing Dash (product.md 2 /game/tickets/ojo and /points; the season's ticket draw): one ticket for
 * every 200 OJO, or every 200 points, staked in settled rounds of the season. A void round (stale feed, cancel)
 * earns none: its stakes come back. Stakes add up over the season, so no fraction of a ticket is lost between
 * rounds. Tickets of each currency enter that currency's draw only.
 */
export const DASH_TICKET_RATE: Readonly<Record<GameCurrency, bigint>> = { OJO: 200n, POINT: 200n };

/** Tickets for a season's total settled stakes in one currency. */
export function ticketsForStakes(staked: bigint, currency: GameCurrency): bigint {
  if (staked < 0n) throw new RangeError('stakes cannot be negative');
  return staked / DASH_TICKET_RATE[currency];
}

/** Tickets a settled round adds for a player who had staked `stakedBefore` earlier in the season. */
export function ticketsEarned(stakedBefore: bigint, roundStake: bigint, currency: GameCurrency): bigint {
  return ticketsForStakes(stakedBefore + roundStake, currency) - ticketsForStakes(stakedBefore, currency);
}

/** Each player's stakes in a settled round, per currency (the input of ticketsEarned and of the ladder). */
export function stakesByPlayer(bets: readonly DashBet[]): Map<string, Record<GameCurrency, bigint>> {
  const result = new Map<string, Record<GameCurrency, bigint>>();
  for (const bet of bets) {
    if (!GAME_CURRENCIES.includes(bet.currency))
      throw new RangeError(`bet ${bet.betId} has an unknown currency`);
    const stakes = result.get(bet.playerId) ?? { OJO: 0n, POINT: 0n };
    stakes[bet.currency] += bet.amount;
    result.set(bet.playerId, stakes);
  }
  return result;
}
