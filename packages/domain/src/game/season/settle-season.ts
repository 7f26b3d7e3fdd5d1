import type { GameCurrency } from '../amount';
import { type DrawWinner, drawTerms, drawWinners, type TicketHolding } from './draw';
import {
  type LadderConfig,
  type LadderSettlement,
  type LadderStanding,
  rankLadder,
  settleLadder,
} from './ladder';
import { type PrizePoolConfig, type PrizePoolShare, sharePrizePool } from './prize-pool';

/**
 * Everything a closing season decides for one currency, from its final standings, tickets, prize pool and the
 * revealed draw seed: each player's ladder move, the rank prizes (eligible: at least `minBets` settled bets), the
 * draw winners and prizes, and what carries to the next season's pool.
 */
export interface SeasonSettlementInput {
  readonly seasonId: string;
  readonly currency: GameCurrency;
  readonly standings: readonly LadderStanding[];
  readonly holdings: readonly TicketHolding[];
  readonly pool: bigint;
  readonly drawSeed: string;
  readonly ladder: LadderConfig;
  readonly prizePool: PrizePoolConfig;
}

export interface SeasonSettlement extends PrizePoolShare {
  readonly ladder: readonly LadderSettlement[];
  readonly drawWinners: readonly DrawWinner[];
}

export function settleSeason(input: SeasonSettlementInput): SeasonSettlement {
  const ladder = settleLadder(input.standings, input.ladder);
  const eligible = rankLadder(input.standings)
    .filter((standing) => standing.bets >= input.ladder.minBets)
    .map((standing) => standing.playerId);
  const terms = drawTerms(input.seasonId, input.currency, input.prizePool.drawPrizes);
  const winners = drawWinners(terms, input.drawSeed, input.holdings);
  const share = sharePrizePool(
    input.pool,
    eligible,
    winners.map((winner) => winner.playerId),
    input.prizePool,
  );
  return { ...share, ladder, drawWinners: winners };
}
