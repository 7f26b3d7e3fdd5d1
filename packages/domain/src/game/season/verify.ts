import type { LadderState } from '../../enums';
import { type BaseUnits, type GameCurrency, isBaseUnits } from '../amount';
import { DASH_TICKET_RATE, ticketsForStakes } from '../dash/tickets';
import { canonicalJson, sha256Hex } from '../fair';
import { drawCommitment, drawTerms, type TicketHolding } from './draw';
import { type LadderConfig, type LadderStanding, ladderConfigProblem } from './ladder';
import { type PrizePoolConfig, prizePoolConfigProblem } from './prize-pool';
import { type SeasonSettlement, settleSeason } from './settle-season';

/**
 * A settled season, published so anyone can recompute it ("provably fair", as a round is): per currency
 * the final standings, the tickets they earned, the pool that was shared, the revealed draw seed (whose commitment
 * was public since the season opened), the configuration applied, and what settlement decided (ladder moves, draw
 * winners, rank and draw prizes, what stays in the pool). `verifySeason` recomputes every decision from the inputs
 * alone with the same `settleSeason` the API ran.
 *
 * Players appear under a per-season reference, `seasonPlayerRef(seasonId, userId)`: the same for everyone who
 * recomputes, meaningless across seasons, and the API tells each player their own (settles/myself). The ladder's
 * last tie-break and the draw's ticket order use that reference, so they too recompute from the published data.
 */
export const SEASON_PUBLICATION_FORMAT = 'ojo-season-settlement/v1';

export function seasonPlayerRef(seasonId: string, userId: string): string {
  return `p${sha256Hex(`ojo-season-player|${seasonId}|${userId}`).slice(0, 24)}`;
}

export interface PublishedStanding {
  readonly playerId: string;
  readonly tier: number;
  /** Payouts minus stakes: a signed integer string. */
  readonly result: string;
  readonly staked: BaseUnits;
  readonly bets: number;
}

export interface PublishedSeasonCurrency {
  readonly currency: GameCurrency;
  readonly commitment: string;
  readonly seed: string;
  /** The prize pool of the currency when the season was settled. */
  readonly pool: BaseUnits;
  readonly ticketRate: BaseUnits;
  readonly ladder: LadderConfig;
  readonly prizePool: PrizePoolConfig;
  readonly standings: readonly PublishedStanding[];
  readonly holdings: readonly TicketHolding[];
  readonly moves: readonly {
    readonly playerId: string;
    readonly fromTier: number;
    readonly toTier: number;
    readonly rankInTier: number;
    readonly state: LadderState;
  }[];
  readonly drawWinners: readonly { readonly playerId: string; readonly order: number }[];
  readonly rankPrizes: readonly {
    readonly playerId: string;
    readonly rank: number;
    readonly amount: BaseUnits;
  }[];
  readonly drawPrizes: readonly {
    readonly playerId: string;
    readonly order: number;
    readonly amount: BaseUnits;
  }[];
  /** What was not paid and stays in the pool: pool - rank prizes - draw prizes. */
  readonly carryOut: BaseUnits;
}

export interface PublishedSeason {
  readonly format: typeof SEASON_PUBLICATION_FORMAT;
  readonly seasonId: string;
  readonly endsAtMs: number;
  readonly settledAtMs: number;
  readonly currencies: readonly PublishedSeasonCurrency[];
}

/** The inputs and decisions of one currency's settlement, as published (amounts as strings). */
export function publishSeasonCurrency(input: {
  seasonId: string;
  currency: GameCurrency;
  commitment: string;
  seed: string;
  pool: bigint;
  ladder: LadderConfig;
  prizePool: PrizePoolConfig;
  standings: readonly LadderStanding[];
  holdings: readonly TicketHolding[];
  settlement: SeasonSettlement;
}): PublishedSeasonCurrency {
  const { settlement } = input;
  return {
    currency: input.currency,
    commitment: input.commitment,
    seed: input.seed,
    pool: input.pool.toString(),
    ticketRate: DASH_TICKET_RATE[input.currency].toString(),
    ladder: input.ladder,
    prizePool: input.prizePool,
    standings: [...input.standings]
      .sort((a, b) => (a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0))
      .map((standing) => ({
        playerId: standing.playerId,
        tier: standing.tier,
        result: standing.result.toString(),
        staked: standing.staked.toString(),
        bets: standing.bets,
      })),
    holdings: [...input.holdings]
      .filter((holding) => holding.tickets !== '0')
      .sort((a, b) => (a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0)),
    moves: settlement.ladder.map((move) => ({ ...move })),
    drawWinners: settlement.drawWinners.map((winner) => ({ ...winner })),
    rankPrizes: settlement.rankPrizes.map((prize) => ({ ...prize, amount: prize.amount.toString() })),
    drawPrizes: settlement.drawPrizes.map((prize) => ({ ...prize, amount: prize.amount.toString() })),
    carryOut: settlement.carryOut.toString(),
  };
}

export interface SeasonCheck {
  readonly currency: GameCurrency | null;
  readonly check: string;
  readonly ok: boolean;
  readonly detail: string;
}

const SIGNED = /^(0|-?[1-9][0-9]*)$/;

function checkCurrency(seasonId: string, published: PublishedSeasonCurrency): SeasonCheck[] {
  const checks: SeasonCheck[] = [];
  const add = (check: string, ok: boolean, detail: string) =>
    checks.push({ currency: published.currency, check, ok, detail });
  const ladderProblem = ladderConfigProblem(published.ladder);
  const poolProblem = prizePoolConfigProblem(published.prizePool);
  add(
    'configuration',
    !ladderProblem && !poolProblem,
    ladderProblem ?? poolProblem ?? 'ladder and prize pool rules are well formed',
  );
  if (ladderProblem || poolProblem) return checks;

  const terms = drawTerms(seasonId, published.currency, published.prizePool.drawPrizes);
  const opens = drawCommitment(terms, published.seed) === published.commitment;
  add(
    'commitment',
    opens,
    opens
      ? 'SHA-256 of the draw terms and the revealed seed is the commitment published when the season opened'
      : 'the revealed seed does not open the published commitment',
  );

  const standings: LadderStanding[] = published.standings.map((standing) => {
    if (!SIGNED.test(standing.result) || !isBaseUnits(standing.staked))
      throw new TypeError(`${standing.playerId}: result and stakes must be integers`);
    return {
      playerId: standing.playerId,
      tier: standing.tier,
      result: BigInt(standing.result),
      staked: BigInt(standing.staked),
      bets: standing.bets,
    };
  });
  const rateOk = published.ticketRate === DASH_TICKET_RATE[published.currency].toString();
  const expected = standings
    .map((standing) => ({
      playerId: standing.playerId,
      tickets: ticketsForStakes(standing.staked, published.currency).toString(),
    }))
    .filter((holding) => holding.tickets !== '0')
    .sort((a, b) => (a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0));
  const sameTickets = rateOk && canonicalJson(expected) === canonicalJson(published.holdings);
  add(
    'tickets',
    sameTickets,
    sameTickets
      ? `every player holds one ticket per ${published.ticketRate} staked`
      : 'the published tickets do not follow from the stakes at the stated rate',
  );

  const pool = BigInt(published.pool);
  const recomputed = settleSeason({
    seasonId,
    currency: published.currency,
    standings,
    holdings: published.holdings,
    pool,
    drawSeed: published.seed,
    ladder: published.ladder,
    prizePool: published.prizePool,
  });
  const mine = publishSeasonCurrency({
    seasonId,
    currency: published.currency,
    commitment: published.commitment,
    seed: published.seed,
    pool,
    ladder: published.ladder,
    prizePool: published.prizePool,
    standings,
    holdings: published.holdings,
    settlement: recomputed,
  });
  const same = (check: string, a: unknown, b: unknown, good: string, bad: string) => {
    const ok = canonicalJson(a) === canonicalJson(b);
    add(check, ok, ok ? good : bad);
  };
  same('ladder', mine.moves, published.moves, 'every ladder move recomputes', 'the ladder moves differ');
  same(
    'draw',
    mine.drawWinners,
    published.drawWinners,
    `the seed and the tickets draw the published ${published.drawWinners.length} winner(s)`,
    'the seed and the tickets draw other winners',
  );
  same(
    'rank prizes',
    mine.rankPrizes,
    published.rankPrizes,
    'every rank prize recomputes',
    'the rank prizes differ',
  );
  same(
    'draw prizes',
    mine.drawPrizes,
    published.drawPrizes,
    'every draw prize recomputes',
    'the draw prizes differ',
  );
  const paid = [...published.rankPrizes, ...published.drawPrizes].reduce(
    (sum, prize) => sum + BigInt(prize.amount),
    0n,
  );
  const books = mine.carryOut === published.carryOut && paid + BigInt(published.carryOut) === pool;
  add(
    'books',
    books,
    books
      ? `prizes ${paid} + kept in the pool ${published.carryOut} = pool ${published.pool}`
      : 'prizes and what stays in the pool do not add up to the pool',
  );
  return checks;
}

/** Recomputes a published season from its own data. Never throws: malformed data is a failed check. */
export function verifySeason(published: PublishedSeason): { valid: boolean; checks: SeasonCheck[] } {
  const checks: SeasonCheck[] = [];
  try {
    if (published.format !== SEASON_PUBLICATION_FORMAT)
      checks.push({ currency: null, check: 'format', ok: false, detail: `not ${SEASON_PUBLICATION_FORMAT}` });
    const currencies = new Set(published.currencies.map((entry) => entry.currency));
    if (currencies.size !== published.currencies.length)
      checks.push({ currency: null, check: 'format', ok: false, detail: 'a currency is published twice' });
    for (const entry of published.currencies) checks.push(...checkCurrency(published.seasonId, entry));
  } catch (error) {
    checks.push({
      currency: null,
      check: 'format',
      ok: false,
      detail: `malformed data: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
  return { valid: checks.length > 0 && checks.every((check) => check.ok), checks };
}
