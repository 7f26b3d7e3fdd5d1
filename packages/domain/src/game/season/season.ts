import type { SeasonState } from '../../enums';

/**
 * A season of play (product.md 3 'Season states: closing, open, closed.'): open while play counts for ranks and tickets;
 * closing from its end until its settlement is recorded (no play counts, results are being worked out); closed once
 * settled. Before it starts a season has no state and is not listed.
 */
export interface Season {
  readonly id: string;
  readonly startsAtMs: number;
  readonly endsAtMs: number;
  /** When its settlement was recorded; null until then. */
  readonly settledAtMs: number | null;
}

export function seasonState(season: Season, nowMs: number): SeasonState | null {
  if (nowMs < season.startsAtMs) return null;
  if (nowMs < season.endsAtMs) return 'open';
  return season.settledAtMs === null ? 'closing' : 'closed';
}

/** Why a season is not usable, or null. */
export function seasonProblem(season: Season): string | null {
  if (typeof season.id !== 'string' || !/^[A-Za-z0-9_.:-]{1,64}$/.test(season.id))
    return 'season id is 1 to 64 safe characters';
  if (!Number.isSafeInteger(season.startsAtMs) || !Number.isSafeInteger(season.endsAtMs))
    return 'season times are ms';
  if (season.endsAtMs <= season.startsAtMs) return 'a season ends after it starts';
  if (season.settledAtMs !== null && season.settledAtMs < season.endsAtMs)
    return 'a season is settled after it ends';
  return null;
}

/** The season in which play at `nowMs` counts, if any. */
export function openSeasonAt(seasons: readonly Season[], nowMs: number): Season | undefined {
  return seasons.find((season) => seasonState(season, nowMs) === 'open');
}
