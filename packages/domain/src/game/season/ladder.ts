import type { LadderState } from '../../enums';

/**
 * The ladder (product.md 2 /game/ranks; product.md 3 'Reward or ladder states: up, down, keep, promotion.'): tiers from the
 * lowest up; a player enters at the lowest tier with their first settled bet. Within a tier players rank by their
 * season result (payouts minus stakes), then by stakes, then by player id, so a rank is never shared. At the end of
 * a season each tier is settled on its active players (at least `minBets` settled bets in the season):
 *
 * - promotion: the best `promotionShareBps` of them (rounded down) move up two tiers;
 * - up: the rest of the best `upShareBps` (rounded up, so a tier with an active player always moves someone) move
 *   up one tier;
 * - down: the worst `downShareBps` (rounded down) move down one tier, and so does every inactive player;
 * - keep: everyone else.
 *
 * Moves stop at the top and bottom tiers; a move that is cut short is named by what happened (a promotion cut to
 * one tier is "up", any move cut to none is "keep").
 */
export interface LadderConfig {
  /** Tier names, lowest first. */
  readonly tiers: readonly string[];
  readonly promotionShareBps: number;
  readonly upShareBps: number;
  readonly downShareBps: number;
  readonly minBets: number;
}

export const DEFAULT_LADDER_CONFIG: LadderConfig = {
  tiers: ['White', 'Yellow', 'Orange', 'Green', 'Blue', 'Brown', 'Black'],
  promotionShareBps: 500,
  upShareBps: 2000,
  downShareBps: 2000,
  minBets: 5,
};

export function ladderConfigProblem(config: LadderConfig): string | null {
  if (config.tiers.length < 2 || new Set(config.tiers).size !== config.tiers.length)
    return 'a ladder has at least 2 distinct tiers';
  const shares = [config.promotionShareBps, config.upShareBps, config.downShareBps];
  if (!shares.every((bps) => Number.isInteger(bps) && bps >= 0 && bps <= 10_000))
    return 'shares are 0 to 10000 bps';
  if (config.promotionShareBps > config.upShareBps) return 'the promotion zone lies inside the up zone';
  if (config.upShareBps + config.downShareBps > 10_000) return 'the up and down zones must not overlap';
  if (!Number.isInteger(config.minBets) || config.minBets < 1) return 'minBets is at least 1';
  return null;
}

/** A player's season so far, in one currency's ladder. */
export interface LadderStanding {
  readonly playerId: string;
  /** Index into the tiers, 0 = lowest. */
  readonly tier: number;
  /** Payouts minus stakes over the season's settled rounds. */
  readonly result: bigint;
  readonly staked: bigint;
  /** Settled bets in the season. */
  readonly bets: number;
}

export interface RankedStanding extends LadderStanding {
  /** 1-based rank within the tier. */
  readonly rankInTier: number;
  /** 1-based rank on the whole ladder: higher tiers first, then rank in tier. */
  readonly rank: number;
}

function byStanding(a: LadderStanding, b: LadderStanding): number {
  if (a.tier !== b.tier) return b.tier - a.tier;
  if (a.result !== b.result) return a.result > b.result ? -1 : 1;
  if (a.staked !== b.staked) return a.staked > b.staked ? -1 : 1;
  return a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0;
}

/** The whole ladder in rank order (the ranking page and the rank prizes read it). */
export function rankLadder(standings: readonly LadderStanding[]): RankedStanding[] {
  const sorted = [...standings].sort(byStanding);
  const inTier = new Map<number, number>();
  return sorted.map((standing, i) => {
    const rankInTier = (inTier.get(standing.tier) ?? 0) + 1;
    inTier.set(standing.tier, rankInTier);
    return { ...standing, rankInTier, rank: i + 1 };
  });
}

export interface LadderSettlement {
  readonly playerId: string;
  readonly fromTier: number;
  readonly toTier: number;
  readonly rankInTier: number;
  readonly state: LadderState;
}

/** How many of `n` active players fall in each zone of a tier. */
export function ladderZones(
  n: number,
  config: LadderConfig,
): { promotion: number; up: number; down: number } {
  const up = Math.ceil((n * config.upShareBps) / 10_000);
  const promotion = Math.floor((n * config.promotionShareBps) / 10_000);
  const down = Math.min(Math.floor((n * config.downShareBps) / 10_000), n - up);
  return { promotion, up, down };
}

function moved(fromTier: number, steps: number, top: number): { toTier: number; state: LadderState } {
  const toTier = Math.max(0, Math.min(top, fromTier + steps));
  const actual = toTier - fromTier;
  const state: LadderState = actual >= 2 ? 'promotion' : actual === 1 ? 'up' : actual === 0 ? 'keep' : 'down';
  return { toTier, state };
}

/** Settles the ladder at a season's end: each player's new tier and ladder state. */
export function settleLadder(standings: readonly LadderStanding[], config: LadderConfig): LadderSettlement[] {
  const problem = ladderConfigProblem(config);
  if (problem) throw new RangeError(problem);
  const top = config.tiers.length - 1;
  const ranked = rankLadder(standings);
  const activeCount = new Map<number, number>();
  const position = new Map<string, number>();
  if (new Set(standings.map((standing) => standing.playerId)).size !== standings.length)
    throw new RangeError('a player stands once on a ladder');
  for (const standing of ranked) {
    if (!Number.isInteger(standing.tier) || standing.tier < 0 || standing.tier > top)
      throw new RangeError(`${standing.playerId} is on an unknown tier`);
    if (standing.bets < config.minBets) continue;
    const count = activeCount.get(standing.tier) ?? 0;
    position.set(standing.playerId, count);
    activeCount.set(standing.tier, count + 1);
  }
  return ranked.map((standing) => {
    const n = activeCount.get(standing.tier) ?? 0;
    const at = position.get(standing.playerId);
    const zones = ladderZones(n, config);
    let steps = -1;
    if (at !== undefined) {
      if (at < zones.promotion) steps = 2;
      else if (at < zones.up) steps = 1;
      else if (at >= n - zones.down) steps = -1;
      else steps = 0;
    }
    const { toTier, state } = moved(standing.tier, steps, top);
    return {
      playerId: standing.playerId,
      fromTier: standing.tier,
      toTier,
      rankInTier: standing.rankInTier,
      state,
    };
  });
}
