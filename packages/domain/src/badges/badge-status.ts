import type { BadgeStatus } from '../enums';
import type { Badge } from './badge';

/** product.md 4 Badge status: 'Overall asset-badge status is claimed if any is claimed, else claimable if any, else pending.' */
export function overallBadgeStatus(badges: readonly Pick<Badge, 'status'>[]): BadgeStatus {
  if (badges.some((badge) => badge.status === 'claimed')) return 'claimed';
  if (badges.some((badge) => badge.status === 'claimable')) return 'claimable';
  return 'pending';
}

/** product.md 4 Badge status: 'The badge list shows claimed entries if any, else claimable ones.' */
export function selectClaimedElseClaimable<B extends Pick<Badge, 'status'>>(badges: readonly B[]): B[] {
  const claimed = badges.filter((badge) => badge.status === 'claimed');
  return claimed.length > 0 ? claimed : badges.filter((badge) => badge.status === 'claimable');
}

/** product.md 4 Badge status: 'Pending badges of the Hood series are hidden.' */
export function isBadgeHidden(badge: Pick<Badge, 'status' | 'series'>): boolean {
  return badge.series === 'Hood' && badge.status === 'pending';
}

export function visibleBadges<B extends Pick<Badge, 'status' | 'series'>>(badges: readonly B[]): B[] {
  return badges.filter((badge) => !isBadgeHidden(badge));
}
