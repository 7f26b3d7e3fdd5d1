import type { BadgeSeries } from '../enums';
import type { Badge } from './badge';

/** spec 4: 'A badge card shows a Go button only for pending badges in a set of series': those earned in the game. */
export const GO_BUTTON_SERIES: readonly BadgeSeries[] = [
  'DojoDash',
  'DailyDriver',
  'SplashRoi',
  'SplashTotalRoi',
  'KyuTrainer',
];

export interface BadgeCardFlags {
  showGoButton: boolean;
  /** spec 4: 'Claimable cards carry a 'claimable' ribbon.' */
  showClaimableRibbon: boolean;
  /** spec 4: 'Unclaimed badges are dimmed.' */
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
