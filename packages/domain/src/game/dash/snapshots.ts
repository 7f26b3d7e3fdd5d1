import { isBaseUnits } from '../amount';
import type { PriceSnapshot } from '../market/price';
import type { DashRoundTerms } from './terms';

/** When a snapshot of the round is due: the start when betting closes, the end when the race ends. */
export function snapshotDueMs(terms: DashRoundTerms, kind: 'start' | 'end'): number {
  return kind === 'start' ? terms.timeline.closesAtMs : terms.timeline.raceEndsAtMs;
}

/**
 * Why a snapshot does not fit the round, or null. It must price every track once, in lane order, above 0, at its
 * due time. With the simulator each quote is the price of the due step (no trade id: the seed proves it); with a
 * real feed each quote is the source's last trade at most `toleranceMs` before the due time, with its trade id.
 */
export function snapshotProblem(
  terms: DashRoundTerms,
  kind: 'start' | 'end',
  snapshot: PriceSnapshot,
): string | null {
  const due = snapshotDueMs(terms, kind);
  if (snapshot?.atMs !== due) return `the ${kind} snapshot is due at ${due}`;
  if (!Array.isArray(snapshot.quotes) || snapshot.quotes.length !== terms.tracks.length)
    return 'a snapshot prices every track once';
  const tolerance = terms.feed.kind === 'external' ? terms.feed.toleranceMs : 0;
  for (let lane = 0; lane < terms.tracks.length; lane += 1) {
    const quote = snapshot.quotes[lane]!;
    const symbol = terms.tracks[lane]!;
    if (quote?.symbol !== symbol) return 'snapshot quotes must follow the lane order';
    if (!isBaseUnits(quote.price) || quote.price === '0') return `${symbol}: the price must be above 0`;
    const time = quote.sourceTimeMs;
    if (!Number.isSafeInteger(time) || time > due || time < due - tolerance)
      return `${symbol}: the price must be from ${due - tolerance} to ${due}`;
    if (terms.feed.kind === 'external') {
      if (typeof quote.tradeId !== 'string' || quote.tradeId.length === 0 || quote.tradeId.length > 128)
        return `${symbol}: a real feed's quote carries the source's trade id`;
    } else if (quote.tradeId !== null) return `${symbol}: a simulated quote has no trade id`;
  }
  return null;
}
