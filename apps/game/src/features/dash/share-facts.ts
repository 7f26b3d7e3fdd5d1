import type { DashRoundView, MyBet } from './state';

/** What a race share says the player did: the coins they bet on, those among the winners, the race's length. */
export function raceShareFacts(
  round: DashRoundView,
  bets: readonly MyBet[],
): { picked: number; hits: number; raceSeconds?: number } {
  const picked = new Set(bets.map((bet) => bet.track));
  const winners = round.outcome?.kind === 'settled' ? round.outcome.winners : [];
  const hits = [...picked].filter((track) => winners.includes(track)).length;
  const { closesAtMs, raceEndsAtMs } = round.terms.timeline;
  const seconds = Math.round((raceEndsAtMs - closesAtMs) / 1000);
  return { picked: picked.size, hits, ...(seconds >= 1 ? { raceSeconds: seconds } : {}) };
}
