import { formatRaceSharePercent } from '../../format/percent';
import { pickShareLine, replaceLinkPlaceholder } from '../../share/share-text';
import { changeRatio, type Ratio, truncateRatio } from '../ratio';
import type { TrackResult } from './settle';

/**
 * spec 5 Other: 'Percentages in race shares are truncated to 4 decimals, then shown as percent with 2 decimals.'
 * Works on the exact ratio, so 1/3 shows '33.33%' and a -0.00005 change shows '0.00%'.
 */
export function formatRacePercent(ratio: Ratio): string {
  return formatRaceSharePercent(truncateRatio(ratio, 4));
}

/** A coin's change during the race so far (the lanes move by it), shown the spec 5 way. */
export function formatPriceChange(startPrice: bigint, price: bigint): string {
  return formatRacePercent(changeRatio(startPrice, price));
}

/** A settled track's change, shown the spec 5 way. */
export function formatTrackChange(track: TrackResult): string {
  return formatRacePercent({ num: BigInt(track.changeNum), den: BigInt(track.changeDen) });
}

/** A part's share of a pool (a track's stakes in its currency's pool), shown the spec 5 way; '0.00%' when empty. */
export function formatPoolShare(part: bigint, total: bigint): string {
  return total > 0n ? formatRacePercent({ num: part, den: total }) : formatRacePercent({ num: 0n, den: 1n });
}

/**
 * The race share text (spec 9 'Race game share text mentions about 30 seconds of racing'; spec 8 'Share text
 * unavailable: Falls back to built-in win and loss lines'): a line from the server's messages or the built-in
 * ones, with the invite link in place of its placeholder, or after it when the line has none.
 */
export function buildRaceShareText(input: {
  readonly serverLines: readonly string[] | null | undefined;
  readonly outcome: 'win' | 'loss';
  /** A random number in [0, 1) from the caller. */
  readonly random: number;
  readonly referralLink: string;
}): string {
  const line = pickShareLine(input.serverLines, input.outcome, input.random);
  const text = replaceLinkPlaceholder(line, input.referralLink);
  return text.includes(input.referralLink) ? text : `${text} ${input.referralLink}`;
}
