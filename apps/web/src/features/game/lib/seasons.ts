import type { useSeasons } from '../api/get-seasons';

type Seasons = NonNullable<ReturnType<typeof useSeasons>['data']>['seasons'];

/** The season the screens show: the open one, else the newest. */
export function currentSeason(seasons: Seasons | undefined) {
  return seasons?.find((season) => season.state === 'open') ?? seasons?.[0];
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

export function seasonRange(season: { startsAtMs: number; endsAtMs: number }): string {
  return `${dateFormat.format(season.startsAtMs)} – ${dateFormat.format(season.endsAtMs)} (UTC)`;
}
