/**
 * Sharing a currency's prize pool at the end of a season (product.md 2 /game/prize-pool/ojo and /points). The pool is fed
 * during the season by the fee of every Dash pool and its rounding remainders. At settlement:
 *
 * - `rankShareBps` of it goes to the best-ranked eligible players of the ladder, rank i receiving
 *   `rankWeightsBps[i]` of that part;
 * - `drawShareBps` of it is split equally between the winners of the ticket draw (draw.ts);
 * - everything not paid (the rest of the split, unfilled ranks or draws, rounding) carries to the next season's
 *   pool of the same currency, so nothing is lost: rank prizes + draw prizes + carry = pool, exactly.
 */
export interface PrizePoolConfig {
  readonly rankShareBps: number;
  readonly drawShareBps: number;
  /** Weight of each rank prize in the rank part, best rank first. */
  readonly rankWeightsBps: readonly number[];
  readonly drawPrizes: number;
}

export const DEFAULT_PRIZE_POOL_CONFIG: PrizePoolConfig = {
  rankShareBps: 5000,
  drawShareBps: 5000,
  rankWeightsBps: [3000, 2000, 1500, 1000, 800, 600, 400, 300, 200, 200],
  drawPrizes: 10,
};

export function prizePoolConfigProblem(config: PrizePoolConfig): string | null {
  const bps = (value: number) => Number.isInteger(value) && value >= 0 && value <= 10_000;
  if (
    !bps(config.rankShareBps) ||
    !bps(config.drawShareBps) ||
    config.rankShareBps + config.drawShareBps > 10_000
  )
    return 'rankShareBps + drawShareBps must be 0 to 10000';
  if (!config.rankWeightsBps.every(bps) || config.rankWeightsBps.reduce((a, b) => a + b, 0) > 10_000)
    return 'rank weights must add up to at most 10000';
  if (!Number.isSafeInteger(config.drawPrizes) || config.drawPrizes < 0)
    return 'drawPrizes is a non-negative integer';
  return null;
}

export interface PrizePoolShare {
  readonly rankPrizes: readonly {
    readonly playerId: string;
    readonly rank: number;
    readonly amount: bigint;
  }[];
  readonly drawPrizes: readonly {
    readonly playerId: string;
    readonly order: number;
    readonly amount: bigint;
  }[];
  readonly carryOut: bigint;
}

/**
 * What each rank of the ladder earns from `pool`, best rank first (the rank part times the rank's weight, rounded
 * down): the one rule the settlement pays by and the ranks page shows.
 */
export function rankPrizeAmounts(pool: bigint, config: PrizePoolConfig): bigint[] {
  const rankPart = (pool * BigInt(config.rankShareBps)) / 10_000n;
  return config.rankWeightsBps.map((weight) => (rankPart * BigInt(weight)) / 10_000n);
}

/**
 * Shares `pool` between `ranked` (eligible player ids, best first) and `drawWinners` (in draw order). Prizes of
 * 0 are left out (their amount is carried).
 */
export function sharePrizePool(
  pool: bigint,
  ranked: readonly string[],
  drawWinners: readonly string[],
  config: PrizePoolConfig,
): PrizePoolShare {
  const problem = prizePoolConfigProblem(config);
  if (problem) throw new RangeError(problem);
  if (pool < 0n) throw new RangeError('a prize pool cannot be negative');
  const rankAmounts = rankPrizeAmounts(pool, config);
  const drawPart = (pool * BigInt(config.drawShareBps)) / 10_000n;
  const rankPrizes = ranked
    .slice(0, config.rankWeightsBps.length)
    .map((playerId, i) => ({
      playerId,
      rank: i + 1,
      amount: rankAmounts[i]!,
    }))
    .filter((prize) => prize.amount > 0n);
  const each = config.drawPrizes > 0 ? drawPart / BigInt(config.drawPrizes) : 0n;
  const drawPrizes =
    each > 0n
      ? drawWinners
          .slice(0, config.drawPrizes)
          .map((playerId, i) => ({ playerId, order: i + 1, amount: each }))
      : [];
  const paid = [...rankPrizes, ...drawPrizes].reduce((sum, prize) => sum + prize.amount, 0n);
  return { rankPrizes, drawPrizes, carryOut: pool - paid };
}
