import { formatPoolShare, formatRacePercent } from '@ojo/domain/game/dash/share';
import { changeRatio, compareRatios, type Ratio } from '@ojo/domain/game/ratio';
import type { DashRoundView, PriceTick } from './state';

/**
 * The race on screen: for each track its live change since the race's start snapshot (product.md 5: truncated to 4
 * decimals, shown with 2), its place, and how far along its lane the coin stands. Exact ratios decide places; only
 * the coin's drawn position uses a float.
 */

export interface Lane {
  symbol: string;
  lane: number;
  /** The change as text ('+1.23%', '-0.50%', '0.00%'). */
  change: string;
  ratio: Ratio;
  /** 1 for the leader; equal changes share a place. */
  place: number;
  /** 0 (start line) to 1 (finish line). */
  position: number;
  winner: boolean;
}

const ZERO: Ratio = { num: 0n, den: 1n };

function quoteMap(quotes: readonly { symbol: string; price: string }[] | undefined): Map<string, bigint> {
  return new Map((quotes ?? []).map((quote) => [quote.symbol, BigInt(quote.price)]));
}

/** The fraction of the race run at `nowMs` (0 before the start, 1 once it ended). */
export function raceProgress(round: DashRoundView, nowMs: number): number {
  const { closesAtMs, raceEndsAtMs } = round.terms.timeline;
  if (round.phase === 'betting' || round.phase === 'upcoming') return 0;
  if (round.phase !== 'racing') return 1;
  if (raceEndsAtMs <= closesAtMs) return 1;
  return Math.min(1, Math.max(0, (nowMs - closesAtMs) / (raceEndsAtMs - closesAtMs)));
}

/** Each track's change: the settled result, else the end snapshot, else the live price against the start. */
function changes(round: DashRoundView, prices: PriceTick | null): Map<string, Ratio> {
  const result = new Map<string, Ratio>();
  if (round.outcome?.kind === 'settled') {
    for (const track of round.outcome.tracks) {
      result.set(track.symbol, { num: BigInt(track.changeNum), den: BigInt(track.changeDen) });
    }
    return result;
  }
  const start = quoteMap(round.startSnapshot?.quotes);
  const end = round.endSnapshot ? quoteMap(round.endSnapshot.quotes) : quoteMap(prices?.prices);
  for (const symbol of round.terms.tracks) {
    const from = start.get(symbol);
    const to = end.get(symbol);
    result.set(symbol, from !== undefined && from > 0n && to !== undefined ? changeRatio(from, to) : ZERO);
  }
  return result;
}

const asNumber = (ratio: Ratio) => Number(ratio.num) / Number(ratio.den);

export function buildLanes(round: DashRoundView, prices: PriceTick | null, nowMs: number): Lane[] {
  const byTrack = changes(round, prices);
  const ratios = round.terms.tracks.map((symbol) => byTrack.get(symbol) ?? ZERO);
  const values = ratios.map(asNumber);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const progress = raceProgress(round, nowMs);
  const winners = new Set(round.outcome?.kind === 'settled' ? round.outcome.winners : []);
  return round.terms.tracks.map((symbol, index) => {
    const ratio = ratios[index] ?? ZERO;
    const place = 1 + ratios.filter((other) => compareRatios(other, ratio) > 0).length;
    // The leader runs the whole distance; the others stay behind in proportion to their gap to it.
    const spread = high > low ? ((values[index] ?? 0) - low) / (high - low) : 1;
    return {
      symbol,
      lane: index + 1,
      change: signed(formatRacePercent(ratio)),
      ratio,
      place,
      position: progress * (0.55 + 0.45 * spread),
      winner: winners.has(symbol),
    };
  });
}

function signed(text: string): string {
  return text.startsWith('-') || text === '0.00%' ? text : `+${text}`;
}

/** A track's share of its currency's pool (product.md 5), for the bet panel. */
export function trackShare(round: DashRoundView, currency: 'OJO' | 'POINT', symbol: string): string {
  const pool = round.pools[currency];
  return formatPoolShare(BigInt(pool.byTrack[symbol] ?? '0'), BigInt(pool.stakes));
}

export interface PhaseClock {
  label: string;
  /** Milliseconds left in the phase, or null when it has no set end. */
  remainingMs: number | null;
}

/** The phase's name and the time left in it (spec: betting 30 s, race 20 s, results 10 s). */
export function phaseClock(round: DashRoundView, serverNowMs: number): PhaseClock {
  const { opensAtMs, closesAtMs, raceEndsAtMs, resultsEndAtMs } = round.terms.timeline;
  const left = (endMs: number) => Math.max(0, endMs - serverNowMs);
  switch (round.phase) {
    case 'upcoming':
      return { label: 'Betting opens in', remainingMs: left(opensAtMs) };
    case 'betting':
      return { label: 'Betting closes in', remainingMs: left(closesAtMs) };
    case 'racing':
      return { label: 'Race ends in', remainingMs: left(raceEndsAtMs) };
    case 'settling':
      return { label: 'Settling the round', remainingMs: null };
    case 'results':
      return { label: 'Next round in', remainingMs: left(resultsEndAtMs) };
    default:
      return { label: 'Round finished', remainingMs: null };
  }
}

/** Seconds as the countdown shows them ('0:27'), rounded up so 0:00 means the phase is over. */
export function formatCountdown(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** What product.md 9 says of a race's length, for when no round is known yet ('about 30 seconds of racing'). */
export const SPEC_RACE_LENGTH = 'about 30 seconds';

/**
 * The race's length in words, from a round's timeline (betting closes, then the race runs until raceEndsAtMs; its
 * length is configuration, GAME_RACE_MS), or the spec's words when no round is known.
 */
export function raceLengthText(timeline: DashRoundView['terms']['timeline'] | null | undefined): string {
  if (!timeline) return SPEC_RACE_LENGTH;
  const ms = timeline.raceEndsAtMs - timeline.closesAtMs;
  if (!Number.isFinite(ms) || ms <= 0) return SPEC_RACE_LENGTH;
  const seconds = Math.max(1, Math.round(ms / 1000));
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

/** The frame's intro line under its heading. */
export function raceIntro(timeline: DashRoundView['terms']['timeline'] | null | undefined): string {
  return `Pick the coins that rise the most in ${raceLengthText(timeline)}. The top 2 share the pool.`;
}
