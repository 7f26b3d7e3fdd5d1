import { type BaseUnits, GAME_CURRENCIES, type GameCurrency, isBaseUnits } from '../amount';
import { commitTo, isSeed, shuffleWithSeed } from '../fair';
import {
  coinParamsProblem,
  MARKET_MODEL,
  MARKET_STEP_MS,
  type SimulatedCoinParams,
  stepAt,
} from '../market/model';
import { isCoinSymbol, PRICE_DECIMALS } from '../market/price';
import {
  DASH_GAME,
  DASH_TRACK_COUNT,
  type DashConfig,
  type DashPhasesMs,
  DEFAULT_DASH_PHASES_MS,
  dashConfigProblem,
  dashPhasesProblem,
} from './rules';

/**
 * The terms of a round: everything that decides it except the secret seed, fixed when the round is created and
 * hashed with the seed into the commitment published before betting opens. The document is plain JSON (amounts
 * and prices as BaseUnits strings) so that the API stores it, sends it and hashes it as it is.
 */
export const DASH_TERMS_FORMAT = 'ojo-dash-terms/v1';

export interface DashTimeline {
  /** Betting opens. */
  readonly opensAtMs: number;
  /** Betting closes and the race starts (the start snapshot is taken here). */
  readonly closesAtMs: number;
  /** The race ends (the end snapshot is taken here) and results show. */
  readonly raceEndsAtMs: number;
  /** The results phase ends; the next round normally opens here. */
  readonly resultsEndAtMs: number;
}

/** The simulated market: the seed, these parameters and the open prices decide every later price. */
export interface SimulatedFeedTerms {
  readonly kind: 'simulated';
  readonly model: typeof MARKET_MODEL;
  readonly stepMs: typeof MARKET_STEP_MS;
  readonly priceDecimals: typeof PRICE_DECIMALS;
  readonly reversionPpb: number;
  /** The step at which betting opens; the round's seed drives every step after it. */
  readonly openStep: number;
  /** Prices of the tracks at openStep, in lane order (public when the round is created). */
  readonly openPrices: readonly BaseUnits[];
  /** The tracks' model parameters, in lane order. */
  readonly coins: readonly SimulatedCoinParams[];
}

/** A real market feed: snapshots carry the source's own times and trade ids, checkable against the source. */
export interface ExternalFeedTerms {
  readonly kind: 'external';
  /** The source, e.g. an exchange's name and market. */
  readonly source: string;
  readonly priceDecimals: typeof PRICE_DECIMALS;
  /** A snapshot price must be the source's last trade at most this long before the scheduled time. */
  readonly toleranceMs: number;
}

export type DashFeedTerms = SimulatedFeedTerms | ExternalFeedTerms;

export interface DashRoundTerms {
  readonly format: typeof DASH_TERMS_FORMAT;
  readonly game: typeof DASH_GAME;
  readonly roundId: string;
  /** The 5 coins, in lane order (lane 1 first). */
  readonly tracks: readonly string[];
  readonly timeline: DashTimeline;
  readonly feeBps: number;
  readonly minStake: Readonly<Record<GameCurrency, BaseUnits>>;
  readonly maxStake: Readonly<Record<GameCurrency, BaseUnits | null>>;
  /** Pools carried in from earlier rounds that had no winning bet (RULES.md, "No winning bet"). */
  readonly carryIn: Readonly<Record<GameCurrency, BaseUnits>>;
  readonly snapshotDeadlineMs: number;
  readonly feed: DashFeedTerms;
}

/** The round's phases as times, from the moment betting opens. */
export function dashTimeline(opensAtMs: number, phases: DashPhasesMs = DEFAULT_DASH_PHASES_MS): DashTimeline {
  const closesAtMs = opensAtMs + phases.bettingMs;
  const raceEndsAtMs = closesAtMs + phases.raceMs;
  return { opensAtMs, closesAtMs, raceEndsAtMs, resultsEndAtMs: raceEndsAtMs + phases.resultsMs };
}

/** Draws a round's 5 tracks, in lane order, from the feed's list with a seed (the round's own, or any other). */
export function drawTracks(symbols: readonly string[], seed: string): string[] {
  const distinct = [...new Set(symbols)];
  if (distinct.length < DASH_TRACK_COUNT)
    throw new RangeError(`the feed lists fewer than ${DASH_TRACK_COUNT} coins`);
  return shuffleWithSeed(distinct, seed, 'ojo-dash/tracks').slice(0, DASH_TRACK_COUNT);
}

export interface DashTermsInput {
  readonly roundId: string;
  readonly tracks: readonly string[];
  readonly opensAtMs: number;
  readonly config: DashConfig;
  readonly carryIn?: Readonly<Record<GameCurrency, bigint>>;
  readonly feed:
    | {
        readonly kind: 'simulated';
        readonly reversionPpb: number;
        /** The tracks' parameters, in lane order. */
        readonly coins: readonly SimulatedCoinParams[];
        /** The tracks' prices at the step betting opens, in lane order. */
        readonly openPrices: readonly bigint[];
      }
    | { readonly kind: 'external'; readonly source: string };
}

/** Builds and checks a round's terms; throws a RangeError naming the problem (an operator or scheduler bug). */
export function createDashTerms(input: DashTermsInput): DashRoundTerms {
  const configProblem = dashConfigProblem(input.config);
  if (configProblem) throw new RangeError(configProblem);
  const { config, feed } = input;
  const carry = (currency: GameCurrency) => (input.carryIn?.[currency] ?? 0n).toString();
  const terms: DashRoundTerms = {
    format: DASH_TERMS_FORMAT,
    game: DASH_GAME,
    roundId: input.roundId,
    tracks: [...input.tracks],
    timeline: dashTimeline(input.opensAtMs, config.phasesMs),
    feeBps: config.feeBps,
    minStake: { OJO: config.minStake.OJO.toString(), POINT: config.minStake.POINT.toString() },
    maxStake: {
      OJO: config.maxStake.OJO?.toString() ?? null,
      POINT: config.maxStake.POINT?.toString() ?? null,
    },
    carryIn: { OJO: carry('OJO'), POINT: carry('POINT') },
    snapshotDeadlineMs: config.snapshotDeadlineMs,
    feed:
      feed.kind === 'simulated'
        ? {
            kind: 'simulated',
            model: MARKET_MODEL,
            stepMs: MARKET_STEP_MS,
            priceDecimals: PRICE_DECIMALS,
            reversionPpb: feed.reversionPpb,
            openStep: stepAt(input.opensAtMs),
            openPrices: feed.openPrices.map(String),
            coins: feed.coins.map((coin) => ({ ...coin })),
          }
        : {
            kind: 'external',
            source: feed.source,
            priceDecimals: PRICE_DECIMALS,
            toleranceMs: config.externalToleranceMs,
          },
  };
  const problem = dashTermsProblem(terms);
  if (problem) throw new RangeError(problem);
  return terms;
}

const isTime = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** Why a terms document (possibly from outside) is not a valid round, or null. */
export function dashTermsProblem(terms: DashRoundTerms): string | null {
  if (terms.format !== DASH_TERMS_FORMAT || terms.game !== DASH_GAME) return 'not Dash round terms';
  if (typeof terms.roundId !== 'string' || !/^[A-Za-z0-9_.:-]{1,64}$/.test(terms.roundId))
    return 'roundId must be 1 to 64 of A-Z, a-z, 0-9, _ . : -';
  const { tracks } = terms;
  if (!Array.isArray(tracks) || tracks.length !== DASH_TRACK_COUNT || !tracks.every(isCoinSymbol))
    return `a round races exactly ${DASH_TRACK_COUNT} coin symbols`;
  if (new Set(tracks).size !== tracks.length) return 'the tracks must be distinct coins';
  const timeline = terms.timeline;
  if (!isTime(timeline?.opensAtMs)) return 'opensAtMs must be a time in ms';
  const phasesProblem =
    isTime(timeline.closesAtMs) && isTime(timeline.raceEndsAtMs) && isTime(timeline.resultsEndAtMs)
      ? dashPhasesProblem({
          bettingMs: timeline.closesAtMs - timeline.opensAtMs,
          raceMs: timeline.raceEndsAtMs - timeline.closesAtMs,
          resultsMs: timeline.resultsEndAtMs - timeline.raceEndsAtMs,
        })
      : 'the timeline must be times in ms';
  if (phasesProblem) return phasesProblem;
  if (!Number.isInteger(terms.feeBps) || terms.feeBps < 0 || terms.feeBps > 10_000)
    return 'feeBps out of range';
  if (!Number.isInteger(terms.snapshotDeadlineMs) || terms.snapshotDeadlineMs < 0)
    return 'snapshotDeadlineMs out of range';
  for (const currency of GAME_CURRENCIES) {
    const min = terms.minStake?.[currency];
    const max = terms.maxStake?.[currency];
    if (!isBaseUnits(min) || min === '0') return `minStake.${currency} must be at least 1`;
    if (max !== null && (!isBaseUnits(max) || BigInt(max) < BigInt(min)))
      return `maxStake.${currency} must be null or at least minStake`;
    if (!isBaseUnits(terms.carryIn?.[currency])) return `carryIn.${currency} must be an amount`;
  }
  return feedTermsProblem(terms);
}

function feedTermsProblem(terms: DashRoundTerms): string | null {
  const feed = terms.feed;
  if (feed?.priceDecimals !== PRICE_DECIMALS) return `prices must have ${PRICE_DECIMALS} decimals`;
  if (feed.kind === 'external') {
    if (typeof feed.source !== 'string' || feed.source.length === 0 || feed.source.length > 64)
      return 'an external feed names its source';
    return isTime(feed.toleranceMs) ? null : 'toleranceMs must be a non-negative integer';
  }
  if (feed.kind !== 'simulated' || feed.model !== MARKET_MODEL || feed.stepMs !== MARKET_STEP_MS)
    return `the feed must be external or the ${MARKET_MODEL} simulator`;
  if (!Number.isInteger(feed.reversionPpb) || feed.reversionPpb < 0 || feed.reversionPpb > 1_000_000_000)
    return 'reversionPpb out of range';
  const { timeline } = terms;
  if (timeline.opensAtMs % MARKET_STEP_MS !== 0)
    return `a simulated round opens on a ${MARKET_STEP_MS} ms step`;
  if (feed.openStep !== stepAt(timeline.opensAtMs)) return 'openStep must be the step betting opens';
  if (!Array.isArray(feed.coins) || feed.coins.length !== terms.tracks.length)
    return 'one coin model per track';
  for (let lane = 0; lane < terms.tracks.length; lane += 1) {
    const coin = feed.coins[lane]!;
    const problem = coinParamsProblem(coin);
    if (problem) return problem;
    if (coin.symbol !== terms.tracks[lane]) return 'coin models must follow the lane order';
  }
  if (
    !Array.isArray(feed.openPrices) ||
    feed.openPrices.length !== terms.tracks.length ||
    !feed.openPrices.every((price) => isBaseUnits(price) && price !== '0')
  )
    return 'one open price above 0 per track';
  return null;
}

/**
 * The commitment published before betting opens: SHA-256 of the canonical JSON of {terms, seed}. A simulated round
 * hides a 32-byte seed in it; a round on a real feed has no seed (null) and commits to its terms alone.
 */
export function dashCommitment(terms: DashRoundTerms, seed: string | null): string {
  if (terms.feed.kind === 'simulated' ? !isSeed(seed) : seed !== null)
    throw new TypeError('a simulated round takes a 64-hex-digit seed; a real feed takes none');
  return commitTo({ terms, seed });
}
