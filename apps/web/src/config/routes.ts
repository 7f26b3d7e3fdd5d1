import { HOME_TEXT } from '@ojo/domain/messages';
import {
  CHECK_IN_PATH,
  GAME_SEASON_VERIFY_PATH,
  GAME_VERIFY_PATH,
  ROUTES as ROUTE_PATHS,
  type RouteName,
  type RoutePath,
  TOP_NAVIGATION,
} from '@ojo/domain/routes';
import { env } from './env';

export type { RouteName, RoutePath };

/**
 * The typed route table: every route of product.md 2's route list (paths from @ojo/domain/routes) with the page
 * heading it shows. The router (app/router.tsx) lazy-loads one module per name from app/routes/<kebab-name>.tsx
 * and must cover every name here.
 */
export interface RouteDefinition<P extends RoutePath = RoutePath> {
  path: P;
  /** The page's <h1>. */
  title: string;
}

const ROUTE_TITLES: Record<RouteName, string> = {
  home: HOME_TEXT.welcomeTitle(env.productName),
  mintBadge: 'Badges',
  game: 'Game',
  referral: 'Referral',
  wallet: 'Wallet',
  task: 'Tasks',
  coin: 'Buy OJO',
  coinHistory: 'Coin history',
  ojoTickets: 'OJO tickets',
  pointsTickets: 'Points tickets',
  ojoPrizePool: 'OJO prize pool',
  pointsPrizePool: 'Points prize pool',
  ranks: 'Ranks',
  rankingPreview: 'Ranking preview',
  redeem: 'Redeem',
  redeemHistory: 'Redeem history',
};

export const ROUTE_NAMES = Object.keys(ROUTE_PATHS) as RouteName[];

export const ROUTES = Object.fromEntries(
  ROUTE_NAMES.map((name) => [name, { path: ROUTE_PATHS[name], title: ROUTE_TITLES[name] }]),
) as { readonly [N in RouteName]: RouteDefinition<(typeof ROUTE_PATHS)[N]> };

/**
 * Routes of the login feature beyond the spec's route list: the Create profile page (product.md 2) and the OpenID Connect
 * redirect URI of the old users' login. Lazy modules in app/routes/create-profile.tsx and auth-callback.tsx.
 */
export const AUTH_ROUTES = {
  createProfile: { path: '/create-profile', title: 'Create profile' },
  authCallback: { path: '/auth/callback', title: 'Signing in' },
} as const;

/**
 * The daily check-in screen (product.md 2 'Check-in and coin screens': a day list with rewards and a coin reward popup).
 * The spec's route list gives it no path (@ojo/domain/routes CHECK_IN_PATH); the game frame's popup
 * kind checkIn (product.md 2 Embedded game frame) opens it. Lazy module in app/routes/check-in.tsx.
 */
export const CHECK_IN_ROUTE = { path: CHECK_IN_PATH, title: 'Daily check-in' } as const;

/**
 * A race round recomputed in the browser from its published data (@ojo/domain/routes GAME_VERIFY_PATH); the game
 * frame's Verify link opens it in a new tab. Lazy module in app/routes/game-verify.tsx.
 */
export const GAME_VERIFY_ROUTE = { path: `${GAME_VERIFY_PATH}/:roundId`, title: 'Verify a race' } as const;

/**
 * A settled season recomputed in the browser (@ojo/domain/routes GAME_SEASON_VERIFY_PATH), linked from the last
 * season's card. Lazy module in app/routes/game-season-verify.tsx.
 */
export const GAME_SEASON_VERIFY_ROUTE = {
  path: `${GAME_SEASON_VERIFY_PATH}/:seasonId`,
  title: 'Verify a season',
} as const;

/** The heading of the page shown for unknown paths. */
export const NOT_FOUND_TITLE = 'Page not found';

/** Top navigation of product.md 2: Home, Badges, Game, Referral. */
export const NAV_ITEMS: ReadonlyArray<{ label: string; path: RoutePath }> = TOP_NAVIGATION;

/** A route's path with an optional query string (e.g. `/?inviteCode=AB12&sourceType=web`). */
export function routeHref(name: RouteName, query?: Record<string, string | number | undefined>): string {
  const path = ROUTES[name].path;
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
