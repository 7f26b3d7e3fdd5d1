import { formatRaceSharePercent } from '../../format/percent';
import { changeRatio, type Ratio, truncateRatio } from '../ratio';
import type { TrackResult } from './settle';

/**
 * product.md 5 Other: 'Percentages in race shares are truncated to 4 decimals, then shown as percent with 2 decimals.'
 * Works on the exact ratio, so 1/3 shows '33.33%' and a -0.00005 change shows '0.00%'.
 */
export function formatRacePercent(ratio: Ratio): string {
  return formatRaceSharePercent(truncateRatio(ratio, 4));
}

/** A coin's change during the race so far (the lanes move by it), shown the product.md 5 way. */
export function formatPriceChange(startPrice: bigint, price: bigint): string {
  return formatRacePercent(changeRatio(startPrice, price));
}

/** A settled track's change, shown the product.md 5 way. */
export function formatTrackChange(track: TrackResult): string {
  return formatRacePercent({ num: BigInt(track.changeNum), den: BigInt(track.changeDen) });
}

/** A part's share of a pool (a track's stakes in its currency's pool), shown the product.md 5 way; '0.00%' when empty. */
export function formatPoolShare(part: bigint, total: bigint): string {
  return total > 0n ? formatRacePercent({ num: part, den: total }) : formatRacePercent({ num: 0n, den: 1n });
}
