import { type BaseUnits, type GameCurrency, isBaseUnits } from '../amount';
import { canonicalJson, commitTo, isSeed, sha256Hex, uniformBelow } from '../fair';

/**
 * The season's ticket draw, committed like a race: when the season opens the API publishes the commitment
 * SHA-256({terms, seed}); after the season closes it publishes the seed and every player's tickets, and anyone
 * recomputes the winners. Each draw picks one ticket uniformly among the tickets still in the draw; its holder wins
 * and leaves the draw (one draw prize per player). The randomness also binds the exact ticket list, so a ticket
 * added or removed after the fact changes every winner.
 */
export const DRAW_FORMAT = 'ojo-season-draw/v1';

export interface DrawTerms {
  readonly format: typeof DRAW_FORMAT;
  readonly seasonId: string;
  readonly currency: GameCurrency;
  /** How many draw prizes there are. */
  readonly prizes: number;
}

/** One player's tickets; `playerId` is whatever public reference the API publishes for the player. */
export interface TicketHolding {
  readonly playerId: string;
  readonly tickets: BaseUnits;
}

export interface DrawWinner {
  readonly playerId: string;
  /** 1-based order of the draw. */
  readonly order: number;
}

export function drawTerms(seasonId: string, currency: GameCurrency, prizes: number): DrawTerms {
  if (!Number.isSafeInteger(prizes) || prizes < 0) throw new RangeError('prizes is a non-negative integer');
  return { format: DRAW_FORMAT, seasonId, currency, prizes };
}

export function drawCommitment(terms: DrawTerms, seed: string): string {
  if (!isSeed(seed)) throw new TypeError('a draw seed is 64 lowercase hex digits');
  return commitTo({ terms, seed });
}

/** The holdings in their canonical order (by player id), without empty ones; throws on a repeated player. */
export function canonicalHoldings(holdings: readonly TicketHolding[]): TicketHolding[] {
  const sorted = holdings
    .map((holding) => {
      if (!isBaseUnits(holding.tickets))
        throw new TypeError(`${holding.playerId}: tickets must be an amount`);
      return { playerId: holding.playerId, tickets: holding.tickets };
    })
    .filter((holding) => holding.tickets !== '0')
    .sort((a, b) => (a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0));
  for (let i = 1; i < sorted.length; i += 1)
    if (sorted[i]!.playerId === sorted[i - 1]!.playerId)
      throw new RangeError(`${sorted[i]!.playerId} holds twice`);
  return sorted;
}

/** Draws the winners from the revealed seed and the final tickets. */
export function drawWinners(
  terms: DrawTerms,
  seed: string,
  holdings: readonly TicketHolding[],
): DrawWinner[] {
  const remaining = canonicalHoldings(holdings).map((holding) => ({
    ...holding,
    count: BigInt(holding.tickets),
  }));
  const digest = sha256Hex(canonicalJson(remaining.map(({ playerId, tickets }) => ({ playerId, tickets }))));
  let total = remaining.reduce((sum, holding) => sum + holding.count, 0n);
  const winners: DrawWinner[] = [];
  for (let order = 1; order <= terms.prizes && total > 0n; order += 1) {
    let ticket = uniformBelow(seed, `${DRAW_FORMAT}|${canonicalJson(terms)}|${digest}|${order}`, total);
    const index = remaining.findIndex((holding) => {
      if (ticket < holding.count) return true;
      ticket -= holding.count;
      return false;
    });
    const [winner] = remaining.splice(index, 1);
    total -= winner!.count;
    winners.push({ playerId: winner!.playerId, order });
  }
  return winners;
}

export interface PublishedDraw {
  readonly terms: DrawTerms;
  readonly commitment: string;
  readonly seed: string;
  readonly holdings: readonly TicketHolding[];
  readonly winners: readonly DrawWinner[];
}

/** Recomputes a published draw: the seed must open the commitment and give the published winners. Never throws. */
export function verifyDraw(published: PublishedDraw): { valid: boolean; detail: string } {
  try {
    if (drawCommitment(published.terms, published.seed) !== published.commitment)
      return { valid: false, detail: 'SHA-256 of the terms and the seed is not the published commitment' };
    const expected = drawWinners(published.terms, published.seed, published.holdings);
    if (canonicalJson(expected) !== canonicalJson(published.winners))
      return { valid: false, detail: 'the seed and the tickets draw other winners' };
    return { valid: true, detail: 'the seed opens the commitment and draws the published winners' };
  } catch (error) {
    return {
      valid: false,
      detail: `malformed data: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}
