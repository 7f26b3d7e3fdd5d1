import type { BadgeSeries } from '../enums';
import { CHECK_IN_PATH, ROUTES } from '../routes';
import type { Badge } from './badge';

/**
 * product.md 4: 'A badge card shows a Go button only for pending badges in a set of series': the series earned by doing
 * something in the app, each Go leading to where that badge is earned (rounds, check-ins, referrals).
 */
export const BADGE_GO_PATHS: Readonly<Partial<Record<BadgeSeries, string>>> = {
  DojoDash: ROUTES.game,
  DailyDriver: CHECK_IN_PATH,
  SplashRoi: ROUTES.game,
  SplashTotalRoi: ROUTES.game,
  KyuTrainer: ROUTES.referral,
};

export const GO_BUTTON_SERIES = Object.keys(BADGE_GO_PATHS) as readonly BadgeSeries[];

/** Where a badge's Go leads, or undefined for a series without Go. */
export function badgeGoPath(series: string): string | undefined {
  return BADGE_GO_PATHS[series as BadgeSeries];
}

export interface BadgeCardFlags {
  showGoButton: boolean;
  /** product.md 4: 'Claimable cards carry a 'claimable' ribbon.' */
  showClaimableRibbon: boolean;
  /** product.md 4: 'Unclaimed badges are dimmed.' */
  isDimmed: boolean;
}

export function badgeCardFlags(
  badge: Pick<Badge, 'status' | 'series'>,
  goSeries: readonly string[] = GO_BUTTON_SERIES,
): BadgeCardFlags {
  return {
    showGoButton: badge.status === 'pending' && goSeries.includes(badge.series),
    showClaimableRibbon: badge.status === 'claimable',
    isDimmed: badge.status !== 'claimed',
  };
}
