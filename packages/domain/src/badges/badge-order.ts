import { type Badge, type BadgeSeriesEntry, levelNumber } from './badge';

/**
 * product.md 4 Badge status: 'List order: claimable first, then claimed (each series grouped, levels descending), then
 * pending (levels ascending).' Claimable badges keep their order; claimed series appear in the order their first
 * badge arrives; ties keep their order (the sort is stable).
 */
export function sortBadges<B extends Pick<Badge, 'status' | 'series' | 'level'>>(badges: readonly B[]): B[] {
  const claimable = badges.filter((badge) => badge.status === 'claimable');
  const claimed = badges.filter((badge) => badge.status === 'claimed');
  const pending = badges.filter((badge) => badge.status === 'pending');
  const seriesOrder = [...new Set(claimed.map((badge) => badge.series))];
  const claimedSorted = seriesOrder.flatMap((series) =>
    claimed
      .filter((badge) => badge.series === series)
      .sort((a, b) => levelNumber(b.level) - levelNumber(a.level)),
  );
  const pendingSorted = [...pending].sort((a, b) => levelNumber(a.level) - levelNumber(b.level));
  return [...claimable, ...claimedSorted, ...pendingSorted];
}

/** product.md 3: 'showLevel is set when a series has more than one level.' */
export function hasMultipleLevels(series: BadgeSeriesEntry): boolean {
  return new Set(series.nfts.map((badge) => levelNumber(badge.level))).size > 1;
}

/** Sets showLevel on every badge of a series (product.md 3). */
export function withShowLevel<B extends Badge>(
  series: BadgeSeriesEntry<B>,
): BadgeSeriesEntry<B & { showLevel: boolean }> {
  const showLevel = hasMultipleLevels(series);
  return { ...series, nfts: series.nfts.map((badge) => ({ ...badge, showLevel })) };
}
