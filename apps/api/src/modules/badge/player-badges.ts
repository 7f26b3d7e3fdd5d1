import type { BadgeEntry, BadgeSeriesEntry } from '@ojo/api-contract/badge';
import { type Badge, type BadgeClaim, badgeClaims, badges } from '@ojo/db/schema/badges';
import { and, asc, eq } from '@ojo/db/sql';
import { hasMultipleLevels } from '@ojo/domain/badges/badge-order';
import type { BadgeSeries } from '@ojo/domain/enums';
import type { BadgeDeps } from './deps';
import { createProgressReader, type PlayerRef } from './progress-sources';

export async function activeBadges(deps: Pick<BadgeDeps, 'db'>): Promise<Badge[]> {
  return deps.db
    .select()
    .from(badges)
    .where(eq(badges.isActive, true))
    .orderBy(asc(badges.sortOrder), asc(badges.level));
}

export async function claimsOf(deps: Pick<BadgeDeps, 'db'>, userId: string): Promise<BadgeClaim[]> {
  return deps.db.select().from(badgeClaims).where(eq(badgeClaims.userId, userId));
}

export async function claimOf(
  deps: Pick<BadgeDeps, 'db'>,
  userId: string,
  badgeId: number,
): Promise<BadgeClaim | undefined> {
  const [claim] = await deps.db
    .select()
    .from(badgeClaims)
    .where(and(eq(badgeClaims.userId, userId), eq(badgeClaims.badgeId, badgeId)));
  return claim;
}

/** product.md 3 Badge entry of one badge for one player: pending (no claim row), claimable or claimed, with progress. */
export function toBadgeEntry(
  badge: Badge,
  claim: BadgeClaim | undefined,
  value: number,
  showLevel: boolean,
): BadgeEntry {
  return {
    id: badge.id,
    status: claim ? claim.status : 'pending',
    series: badge.series,
    seriesName: badge.seriesName,
    name: badge.name,
    level: String(badge.level),
    category: badge.category,
    allowType: badge.allowType,
    logo: badge.logo,
    desc: badge.description,
    showLevel,
    claimableId: claim ? claim.id.toString() : null,
    address: claim?.address ?? null,
    tokenId: badge.tokenId.toString(),
    syncState: claim?.syncState ?? null,
    progress: [
      {
        type: badge.progressType,
        name: badge.progressName,
        value: String(Math.max(0, Math.min(value, badge.condition))),
        condition: String(badge.condition),
      },
    ],
  };
}

/** Every series with the player's badges, in the badges' order (the web sorts per product.md 4). */
export async function playerBadgeSeries(deps: BadgeDeps, player: PlayerRef): Promise<BadgeSeriesEntry[]> {
  const [all, claims] = await Promise.all([activeBadges(deps), claimsOf(deps, player.id)]);
  const progressOf = createProgressReader(deps, player);
  const bySeries = new Map<BadgeSeries, Badge[]>();
  for (const badge of all) bySeries.set(badge.series, [...(bySeries.get(badge.series) ?? []), badge]);
  const entries: BadgeSeriesEntry[] = [];
  for (const [series, seriesBadges] of bySeries) {
    const showLevel = hasMultipleLevels({
      series,
      nfts: seriesBadges.map((badge) => ({
        status: 'pending',
        series,
        name: badge.name,
        level: String(badge.level),
      })),
    });
    const nfts = await Promise.all(
      seriesBadges.map(async (badge) => {
        const claim = claims.find((row) => row.badgeId === badge.id);
        // A claimed or claimable badge has met its condition; only pending ones need their progress read.
        const value = claim ? badge.condition : await progressOf(badge);
        return toBadgeEntry(badge, claim, value, showLevel);
      }),
    );
    entries.push({ series, seriesName: seriesBadges[0]?.seriesName ?? series, nfts });
  }
  return entries;
}
