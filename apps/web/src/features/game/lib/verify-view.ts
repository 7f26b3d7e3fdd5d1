import type { GameCurrency } from '@ojo/domain/game/amount';
import { type DashOutcomeSummary, rankTracks, refundDash, settleDash } from '@ojo/domain/game/dash/settle';
import { formatTrackChange } from '@ojo/domain/game/dash/share';
import { type PublishedDashRound, type VerifyReport, verifyRound } from '@ojo/domain/game/dash/verify';
import { formatPriceUnits } from '@ojo/domain/game/market/price';
import { ASSET_TEXT } from '@ojo/domain/messages';

/**
 * What the verify page shows of a published round, computed here, in the browser, from the published document
 * alone with the shared domain code (`verifyRound`, the same the API settled with and `npm run verify:round` runs):
 * the commitment, the revealed seed or the real feed's trades, the recomputed winners and every payout or refund
 * beside the published one, and whether they all match the stored result.
 */
export interface VerifyTrackRow {
  lane: number;
  symbol: string;
  startPrice: string;
  endPrice: string;
  change: string;
  /** The source's time and trade id of each quote (a real feed), or null (the simulator: the seed proves it). */
  startSource: { timeMs: number; tradeId: string | null } | null;
  endSource: { timeMs: number; tradeId: string | null } | null;
  recomputedWinner: boolean;
}

export interface VerifyTransferRow {
  betId: string;
  currency: GameCurrency;
  track: string;
  stake: string;
  recomputed: string;
  published: string;
  matches: boolean;
}

/**
 * One currency's books as the round published them (RULES.md: payouts + fee + remainder + carry-out = stakes +
 * carry-in): a void round has no fee or remainder, and refunds instead of payouts.
 */
export interface VerifyBooksRow {
  currency: GameCurrency;
  /** The currency as the game names it (FishXP for points). */
  label: string;
  bets: number;
  stakes: string;
  carryIn: string;
  fee: string | null;
  remainder: string | null;
  paidOut: string | null;
  refunded: string | null;
  carryOut: string;
}

export interface VerifyView {
  roundId: string;
  /** The fee the round committed to, in basis points of each currency's stakes. */
  feeBps: number;
  books: VerifyBooksRow[];
  commitment: string;
  /** 'simulated' (a seed) or the real feed's source name. */
  feed:
    | { kind: 'simulated'; seed: string | null }
    | { kind: 'external'; source: string; toleranceMs: number };
  /** True only when every check passed: the recomputed result is the stored one. */
  matches: boolean;
  checks: VerifyReport['checks'];
  storedOutcome: DashOutcomeSummary;
  recomputedWinners: string[] | null;
  storedWinners: string[] | null;
  voidReason: string | null;
  tracks: VerifyTrackRow[];
  transfers: VerifyTransferRow[];
}

const sourceOf = (quote: { sourceTimeMs: number; tradeId: string | null } | undefined, external: boolean) =>
  external && quote ? { timeMs: quote.sourceTimeMs, tradeId: quote.tradeId } : null;

export function buildVerifyView(published: PublishedDashRound): VerifyView {
  const report = verifyRound(published);
  const { terms } = published;
  const external = terms.feed.kind === 'external';
  const recomputed = report.recomputed;
  let tracks: VerifyTrackRow[] = [];
  if (published.startSnapshot && published.endSnapshot) {
    try {
      const ranked = rankTracks(terms.tracks, published.startSnapshot, published.endSnapshot);
      tracks = ranked.map((track) => ({
        lane: track.lane,
        symbol: track.symbol,
        startPrice: formatPriceUnits(BigInt(track.startPrice)),
        endPrice: formatPriceUnits(BigInt(track.endPrice)),
        change: formatTrackChange(track),
        startSource: sourceOf(published.startSnapshot?.quotes[track.lane - 1], external),
        endSource: sourceOf(published.endSnapshot?.quotes[track.lane - 1], external),
        recomputedWinner: track.place <= 2,
      }));
    } catch {
      tracks = [];
    }
  }
  const publishedTransfers = new Map(
    [...published.payouts, ...published.refunds].map((transfer) => [transfer.betId, transfer.amount]),
  );
  const expected = expectedTransfers(published, recomputed);
  const transfers: VerifyTransferRow[] = published.bets.map((bet) => {
    const mine = expected.get(bet.betId) ?? '0';
    const paid = publishedTransfers.get(bet.betId) ?? '0';
    return {
      betId: bet.betId,
      currency: bet.currency,
      track: bet.track,
      stake: bet.amount,
      recomputed: mine,
      published: paid,
      matches: mine === paid,
    };
  });
  return {
    roundId: terms.roundId,
    feeBps: terms.feeBps,
    books: booksOf(published.outcome),
    commitment: published.commitment,
    feed:
      terms.feed.kind === 'external'
        ? { kind: 'external', source: terms.feed.source, toleranceMs: terms.feed.toleranceMs }
        : { kind: 'simulated', seed: published.seed },
    matches: report.valid,
    checks: report.checks,
    storedOutcome: published.outcome,
    recomputedWinners: recomputed?.kind === 'settled' ? [...recomputed.winners] : null,
    storedWinners: published.outcome.kind === 'settled' ? [...published.outcome.winners] : null,
    voidReason: published.outcome.kind === 'void' ? published.outcome.reason : null,
    tracks,
    transfers,
  };
}

/**
 * Each bet's payout or refund recomputed with the domain's settlement (`settleDash`, `refundDash`) from the published
 * bets and snapshots; empty when the document cannot be recomputed.
 */
function expectedTransfers(
  published: PublishedDashRound,
  outcome: DashOutcomeSummary | null,
): Map<string, string> {
  if (!outcome) return new Map();
  const { terms } = published;
  const bets = published.bets.map((bet) => ({ ...bet, playerId: '', amount: BigInt(bet.amount) }));
  const carryIn = { OJO: BigInt(terms.carryIn.OJO), POINT: BigInt(terms.carryIn.POINT) };
  try {
    const list =
      published.outcome.kind === 'void'
        ? refundDash({ tracks: terms.tracks, carryIn, bets, reason: published.outcome.reason }).refunds
        : settleDash({
            tracks: terms.tracks,
            feeBps: terms.feeBps,
            carryIn,
            start: published.startSnapshot!,
            end: published.endSnapshot!,
            bets,
          }).payouts;
    return new Map(list.map((transfer) => [transfer.betId, transfer.amount.toString()]));
  } catch {
    return new Map();
  }
}

function booksOf(outcome: DashOutcomeSummary): VerifyBooksRow[] {
  return (['OJO', 'POINT'] as const).map((currency) => {
    const label = ASSET_TEXT[currency];
    if (outcome.kind === 'void') {
      const books = outcome.currencies[currency];
      return {
        currency,
        label,
        bets: books.bets,
        stakes: books.refunded,
        carryIn: books.carryIn,
        fee: null,
        remainder: null,
        paidOut: null,
        refunded: books.refunded,
        carryOut: books.carryOut,
      };
    }
    const books = outcome.currencies[currency];
    return {
      currency,
      label,
      bets: books.bets,
      stakes: books.stakes,
      carryIn: books.carryIn,
      fee: books.fee,
      remainder: books.remainder,
      paidOut: books.paidOut,
      refunded: null,
      carryOut: books.carryOut,
    };
  });
}
