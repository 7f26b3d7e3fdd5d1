import { BADGE_SERIES, type BadgeSeries } from '../enums';

/**
 * Each badge series has its own emblem, drawn for the product (a torii for the Dojo badge, a checkered flag for Dojo
 * Dash, a steering wheel for Daily Driver, ...). The files are the web app's static media; every level of a series
 * shares its emblem.
 */
const SERIES_ART_FILES: Readonly<Record<BadgeSeries, string>> = {
  OnboardingBadge: 'onboarding.svg',
  DojoBadge: 'dojo.svg',
  DojoDash: 'dojo-dash.svg',
  DailyDriver: 'daily-driver.svg',
  SplashRoi: 'splash-roi.svg',
  SplashTotalRoi: 'splash-total-roi.svg',
  Hood: 'hood.svg',
  KyuTrainer: 'kyu-trainer.svg',
};

export const BADGE_ART_DIRECTORY = '/media/badges/series';

/** The root-relative path of a series' emblem; an unknown series gets the onboarding emblem. */
export function badgeArtPath(series: string): string {
  const file = (BADGE_SERIES as readonly string[]).includes(series)
    ? SERIES_ART_FILES[series as BadgeSeries]
    : SERIES_ART_FILES.OnboardingBadge;
  return `${BADGE_ART_DIRECTORY}/${file}`;
}

/**
 * The image a badge shows: the logo an operator set for it when that is a web address, else its series' emblem.
 */
export function badgeImage(badge: { series: string; logo?: string | null }): string {
  const logo = badge.logo?.trim() ?? '';
  return /^(https?:\/\/|\/(?!\/))/i.test(logo) ? logo : badgeArtPath(badge.series);
}
