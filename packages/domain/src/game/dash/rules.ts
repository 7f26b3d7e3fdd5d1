import type { GameCurrency } from '../amount';

/**
 * The fixed rules of a Dash round (ARCHITECTURE.md (The coin race): "rounds with 5 coins (tracks); a 30 s betting phase (picks
 * can change), a 20 s race, 10 s of results. The 2 coins with the highest % price rise win ... Minimum bet 200
 * OJO.") and the defaults of what the operator may configure. RULES.md beside this file states them for players.
 */
export const DASH_GAME = 'dash';
export const DASH_TRACK_COUNT = 5;
export const DASH_WINNER_COUNT = 2;

export const DASH_BETTING_MS = 30_000;
export const DASH_RACE_MS = 20_000;
export const DASH_RESULTS_MS = 10_000;
/** One round from betting open to the end of its results: rounds follow each other at this pace. */
export const DASH_ROUND_MS = DASH_BETTING_MS + DASH_RACE_MS + DASH_RESULTS_MS;

/** What the operator configures; every round commits to the values it was created with. */
export interface DashConfig {
  /** Share of each currency's new stakes that feeds that currency's prize pool, in basis points. */
  readonly feeBps: number;
  /** Smallest stake of one bet, per currency, in base units. */
  readonly minStake: Readonly<Record<GameCurrency, bigint>>;
  /** Largest stake of one bet, per currency; null for no limit. */
  readonly maxStake: Readonly<Record<GameCurrency, bigint | null>>;
  /** How long after its scheduled time a snapshot may still arrive before the round is void for a stale feed. */
  readonly snapshotDeadlineMs: number;
  /** With a real feed: how old the last trade may be at a snapshot's scheduled time. */
  readonly externalToleranceMs: number;
  /**
   * Phase lengths; default 30 s, 20 s and 10 s. Shorter phases (whole 250 ms steps, at least 1 s each) are for
   * tests and demos; every round commits to its timeline, so a verifier sees what was played.
   */
  readonly phasesMs?: DashPhasesMs;
}

export interface DashPhasesMs {
  readonly bettingMs: number;
  readonly raceMs: number;
  readonly resultsMs: number;
}

export const DEFAULT_DASH_PHASES_MS: DashPhasesMs = {
  bettingMs: DASH_BETTING_MS,
  raceMs: DASH_RACE_MS,
  resultsMs: DASH_RESULTS_MS,
};

/** Why phase lengths are unusable, or null: whole 250 ms steps, from 1 s up to the standard length. */
export function dashPhasesProblem(phases: DashPhasesMs): string | null {
  const fits = (value: number, max: number) =>
    Number.isSafeInteger(value) && value >= 1000 && value <= max && value % 250 === 0;
  if (
    !fits(phases.bettingMs, DASH_BETTING_MS) ||
    !fits(phases.raceMs, DASH_RACE_MS) ||
    !fits(phases.resultsMs, DASH_RESULTS_MS)
  )
    return 'the timeline must be 30 s of betting, 20 s of racing and 10 s of results (or shorter, in whole 250 ms steps of at least 1 s)';
  return null;
}

export const DEFAULT_DASH_CONFIG: DashConfig = {
  feeBps: 500,
  // ARCHITECTURE.md (The coin race): 'Minimum bet 200 OJO.' Points: 10 FishXP, what a new player has from the first daily
  // check-in before any other task, so they can race with it (200 locked them out for weeks).
  minStake: { OJO: 200n, POINT: 10n },
  maxStake: { OJO: null, POINT: null },
  snapshotDeadlineMs: 15_000,
  externalToleranceMs: 2000,
};

/** Fees above this are refused: a pool that mostly feeds the house is not a race. */
export const MAX_DASH_FEE_BPS = 2000;

/** Why a configuration is unusable, or null. The API checks it at start with the rest of its configuration. */
export function dashConfigProblem(config: DashConfig): string | null {
  if (!Number.isInteger(config.feeBps) || config.feeBps < 0 || config.feeBps > MAX_DASH_FEE_BPS)
    return `feeBps must be an integer from 0 to ${MAX_DASH_FEE_BPS}`;
  for (const currency of ['OJO', 'POINT'] as const) {
    const min = config.minStake[currency];
    const max = config.maxStake[currency];
    if (min < 1n) return `minStake.${currency} must be at least 1`;
    if (max !== null && max < min) return `maxStake.${currency} must not be below minStake.${currency}`;
  }
  if (!Number.isInteger(config.snapshotDeadlineMs) || config.snapshotDeadlineMs < 1000)
    return 'snapshotDeadlineMs must be an integer of at least 1000';
  if (!Number.isInteger(config.externalToleranceMs) || config.externalToleranceMs < 0)
    return 'externalToleranceMs must be a non-negative integer';
  if (config.phasesMs) return dashPhasesProblem(config.phasesMs);
  return null;
}
