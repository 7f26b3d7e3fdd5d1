import { type BaseUnits, GAME_CURRENCIES, type GameCurrency, isBaseUnits } from '../amount';
import { canonicalJson } from '../fair';
import { advancePrices, prepareCoins, stepAt, stepTimeMs } from '../market/model';
import type { PriceSnapshot } from '../market/price';
import type { DashRound } from './round';
import { type DashBet, type DashOutcomeSummary, outcomeSummary, refundDash, settleDash } from './settle';
import { snapshotDueMs, snapshotProblem } from './snapshots';
import { type DashRoundTerms, dashCommitment, dashTermsProblem, type SimulatedFeedTerms } from './terms';

/**
 * Provably fair, after the fact (ARCHITECTURE.md (The coin race)): once a round is settled everything that decided it is
 * published (terms, the revealed seed, both snapshots, every bet and every payout), and `verifyRound`
 * recomputes the result from that document alone. The document is plain JSON; bets name no player.
 */
export const DASH_PUBLISHED_FORMAT = 'ojo-dash-round/v1';

export interface PublishedBet {
  readonly betId: string;
  readonly currency: GameCurrency;
  readonly track: string;
  readonly amount: BaseUnits;
  /** When the bet took its final form (placed or last changed). */
  readonly placedAtMs: number;
}

export interface PublishedTransfer {
  readonly betId: string;
  readonly currency: GameCurrency;
  readonly amount: BaseUnits;
}

export interface PublishedDashRound {
  readonly format: typeof DASH_PUBLISHED_FORMAT;
  readonly terms: DashRoundTerms;
  readonly commitment: string;
  /** The revealed seed of a simulated round; null with a real feed. */
  readonly seed: string | null;
  readonly startSnapshot: PriceSnapshot | null;
  readonly endSnapshot: PriceSnapshot | null;
  readonly bets: readonly PublishedBet[];
  readonly outcome: DashOutcomeSummary;
  /** What was paid to winning bets (settled round). */
  readonly payouts: readonly PublishedTransfer[];
  /** What was refunded (void round). */
  readonly refunds: readonly PublishedTransfer[];
}

/** The prices a simulated round's seed gives its tracks when betting closes and when the race ends. */
export function simulatedSnapshots(
  terms: DashRoundTerms,
  seed: string,
): { start: PriceSnapshot; end: PriceSnapshot } {
  const feed = terms.feed as SimulatedFeedTerms;
  if (feed.kind !== 'simulated') throw new TypeError('only a simulated round has a seeded path');
  const coins = prepareCoins(feed.coins);
  const startStep = stepAt(terms.timeline.closesAtMs);
  const endStep = stepAt(terms.timeline.raceEndsAtMs);
  const open = feed.openPrices.map((price) => BigInt(price));
  const start = advancePrices(coins, open, seed, feed.openStep, startStep, feed.reversionPpb);
  const end = advancePrices(coins, start, seed, startStep, endStep, feed.reversionPpb);
  const snapshot = (prices: bigint[], step: number, atMs: number): PriceSnapshot => ({
    atMs,
    quotes: terms.tracks.map((symbol, lane) => ({
      symbol,
      price: prices[lane]!.toString(),
      sourceTimeMs: stepTimeMs(step),
      tradeId: null,
    })),
  });
  return {
    start: snapshot(start, startStep, terms.timeline.closesAtMs),
    end: snapshot(end, endStep, terms.timeline.raceEndsAtMs),
  };
}

export interface PublishInput {
  readonly round: DashRound;
  readonly seed: string | null;
  /** Every bet of the round at close, with its player (not published) and the time of its final form. */
  readonly bets: readonly (DashBet & { readonly placedAtMs: number })[];
  /** What the ledger paid or refunded per bet: the publication shows what happened, the verifier checks it. */
  readonly transfers: readonly {
    readonly betId: string;
    readonly currency: GameCurrency;
    readonly amount: bigint;
  }[];
}

/** The public document of a settled round. */
export function publishRound(input: PublishInput): PublishedDashRound {
  const { round } = input;
  if (!round.outcome) throw new RangeError('only a settled round is published');
  const transfers = input.transfers.map((t) => ({
    betId: t.betId,
    currency: t.currency,
    amount: t.amount.toString(),
  }));
  return {
    format: DASH_PUBLISHED_FORMAT,
    terms: round.terms,
    commitment: round.commitment,
    seed: input.seed,
    startSnapshot: round.startSnapshot,
    endSnapshot: round.endSnapshot,
    bets: input.bets.map((bet) => ({
      betId: bet.betId,
      currency: bet.currency,
      track: bet.track,
      amount: bet.amount.toString(),
      placedAtMs: bet.placedAtMs,
    })),
    outcome: round.outcome,
    payouts: round.outcome.kind === 'settled' ? transfers : [],
    refunds: round.outcome.kind === 'void' ? transfers : [],
  };
}

export const VERIFY_CHECKS = ['terms', 'commitment', 'snapshots', 'bets', 'outcome', 'transfers'] as const;
export type VerifyCheckName = (typeof VERIFY_CHECKS)[number];

export interface VerifyCheck {
  readonly check: VerifyCheckName;
  readonly ok: boolean;
  readonly detail: string;
}

export interface VerifyReport {
  /** True only when every check passed. */
  readonly valid: boolean;
  readonly checks: readonly VerifyCheck[];
  /** The outcome recomputed from the published data, when it could be. */
  readonly recomputed: DashOutcomeSummary | null;
}

type Check = (doc: PublishedDashRound, work: Work) => string | null;
interface Work {
  outcome: DashOutcomeSummary | null;
  transfers: Map<string, bigint> | null;
}

const checkTerms: Check = (doc) =>
  doc.format === DASH_PUBLISHED_FORMAT ? dashTermsProblem(doc.terms) : 'not a published Dash round';

const checkCommitment: Check = (doc) =>
  dashCommitment(doc.terms, doc.seed) === doc.commitment
    ? null
    : 'SHA-256 of the terms and the seed is not the published commitment';

const checkSnapshots: Check = (doc) => {
  if (doc.outcome.kind === 'void') return null;
  if (!doc.startSnapshot || !doc.endSnapshot) return 'a settled round publishes both snapshots';
  const problem =
    snapshotProblem(doc.terms, 'start', doc.startSnapshot) ??
    snapshotProblem(doc.terms, 'end', doc.endSnapshot);
  if (problem) return problem;
  if (doc.terms.feed.kind === 'external') return null;
  const expected = simulatedSnapshots(doc.terms, doc.seed!);
  if (canonicalJson(expected.start) !== canonicalJson(doc.startSnapshot))
    return `the seed gives other prices at ${snapshotDueMs(doc.terms, 'start')} than the start snapshot`;
  if (canonicalJson(expected.end) !== canonicalJson(doc.endSnapshot))
    return `the seed gives other prices at ${snapshotDueMs(doc.terms, 'end')} than the end snapshot`;
  return null;
};

const checkBets: Check = (doc) => {
  const { terms } = doc;
  const seen = new Set<string>();
  for (const bet of doc.bets) {
    if (typeof bet.betId !== 'string' || seen.has(bet.betId))
      return `bet ${bet.betId} is missing or repeated`;
    seen.add(bet.betId);
    if (!GAME_CURRENCIES.includes(bet.currency) || !terms.tracks.includes(bet.track))
      return `bet ${bet.betId} is not on a track and currency of the round`;
    if (!isBaseUnits(bet.amount) || BigInt(bet.amount) < BigInt(terms.minStake[bet.currency]))
      return `bet ${bet.betId} is below the minimum`;
    const max = terms.maxStake[bet.currency];
    if (max !== null && BigInt(bet.amount) > BigInt(max)) return `bet ${bet.betId} is above the maximum`;
    if (!(bet.placedAtMs >= terms.timeline.opensAtMs && bet.placedAtMs < terms.timeline.closesAtMs))
      return `bet ${bet.betId} was not placed during the betting phase`;
  }
  return null;
};

const checkOutcome: Check = (doc, work) => {
  const { terms } = doc;
  const bets: DashBet[] = doc.bets.map((bet) => ({ ...bet, playerId: '', amount: BigInt(bet.amount) }));
  const carryIn = { OJO: BigInt(terms.carryIn.OJO), POINT: BigInt(terms.carryIn.POINT) };
  const result =
    doc.outcome.kind === 'void'
      ? refundDash({ tracks: terms.tracks, carryIn, bets, reason: doc.outcome.reason })
      : settleDash({
          tracks: terms.tracks,
          feeBps: terms.feeBps,
          carryIn,
          start: doc.startSnapshot!,
          end: doc.endSnapshot!,
          bets,
        });
  work.outcome = outcomeSummary(result);
  const list = result.kind === 'settled' ? result.payouts : result.refunds;
  work.transfers = new Map(list.map((t) => [t.betId, t.amount]));
  if (canonicalJson(work.outcome) !== canonicalJson(doc.outcome)) {
    if (
      result.kind === 'settled' &&
      doc.outcome.kind === 'settled' &&
      result.winners.join() !== doc.outcome.winners.join()
    )
      return `the snapshots make ${result.winners.join(' and ')} the winners, not ${doc.outcome.winners.join(' and ')}`;
    return 'the published books differ from the ones recomputed from the bets and snapshots';
  }
  return null;
};

const checkTransfers: Check = (doc, work) => {
  const expected = work.transfers!;
  const published = doc.outcome.kind === 'void' ? doc.refunds : doc.payouts;
  if (published.length !== expected.size)
    return `${expected.size} transfers expected, ${published.length} published`;
  const currencies = new Map(doc.bets.map((bet) => [bet.betId, bet.currency]));
  for (const transfer of published) {
    const amount = expected.get(transfer.betId);
    if (amount === undefined || !isBaseUnits(transfer.amount) || BigInt(transfer.amount) !== amount)
      return `bet ${transfer.betId} should receive ${amount ?? 0n}, published ${transfer.amount}`;
    if (currencies.get(transfer.betId) !== transfer.currency)
      return `bet ${transfer.betId} is paid in the wrong currency`;
  }
  return null;
};

const CHECKS: readonly [VerifyCheckName, Check][] = [
  ['terms', checkTerms],
  ['commitment', checkCommitment],
  ['snapshots', checkSnapshots],
  ['bets', checkBets],
  ['outcome', checkOutcome],
  ['transfers', checkTransfers],
];

const DETAIL_OK: Record<VerifyCheckName, string> = {
  terms: 'the terms describe a valid round',
  commitment: 'the terms and the seed hash to the commitment published before betting opened',
  snapshots: 'the snapshots fit the round (with the simulator: the seed reproduces them)',
  bets: 'every bet was placed during betting, on a track of the round, within the limits',
  outcome: 'the winners and the books recompute from the bets and the snapshots',
  transfers: 'every payout or refund equals the recomputed amount',
};

/**
 * Recomputes a published round from its own data and says, check by check, whether it holds. Stops at the first
 * failed check (later checks depend on the earlier ones); never throws, whatever the input.
 */
export function verifyRound(published: PublishedDashRound): VerifyReport {
  const checks: VerifyCheck[] = [];
  const work: Work = { outcome: null, transfers: null };
  for (const [name, check] of CHECKS) {
    let problem: string | null;
    try {
      problem = check(published, work);
    } catch (error) {
      problem = `malformed data: ${error instanceof Error ? error.message : String(error)}`;
    }
    checks.push({ check: name, ok: problem === null, detail: problem ?? DETAIL_OK[name] });
    if (problem !== null) break;
  }
  const valid = checks.length === CHECKS.length && checks.every((check) => check.ok);
  return { valid, checks, recomputed: work.outcome };
}
