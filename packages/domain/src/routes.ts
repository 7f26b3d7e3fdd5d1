import { FRAME_ROUTE_NAMES, type FramePopupKind, type FrameRouteName, isOneOf } from './enums';

/** product.md 2 Route list: every route path of the web app. */
export const ROUTES = {
  home: '/',
  mintBadge: '/mint-badge',
  game: '/game',
  referral: '/referral',
  wallet: '/wallet',
  task: '/game/task',
  coin: '/game/coin',
  coinHistory: '/game/coin-history',
  ojoTickets: '/game/tickets/ojo',
  pointsTickets: '/game/tickets/points',
  ojoPrizePool: '/game/prize-pool/ojo',
  pointsPrizePool: '/game/prize-pool/points',
  ranks: '/game/ranks',
  rankingPreview: '/game/ranks/ranking-preview',
  redeem: '/game/redeem',
  redeemHistory: '/game/redeem/history',
} as const;
export type RouteName = keyof typeof ROUTES;
export type RoutePath = (typeof ROUTES)[RouteName];

/** product.md 2: 'Top navigation: Home, Badges, Game, Referral.' */
export const TOP_NAVIGATION = [
  { label: 'Home', path: ROUTES.home },
  { label: 'Badges', path: ROUTES.mintBadge },
  { label: 'Game', path: ROUTES.game },
  { label: 'Referral', path: ROUTES.referral },
] as const;

/** product.md 2: 'Frame route names map to the routes above'. */
export const FRAME_ROUTE_TO_PATH = {
  task: ROUTES.task,
  game: ROUTES.game,
  coin: ROUTES.coin,
  ojoTickets: ROUTES.ojoTickets,
  pointsTickets: ROUTES.pointsTickets,
  ojoPrizePool: ROUTES.ojoPrizePool,
  pointPrizePool: ROUTES.pointsPrizePool,
  ranks: ROUTES.ranks,
  badge: ROUTES.mintBadge,
  withdraw: ROUTES.redeem,
} as const satisfies Record<FrameRouteName, RoutePath>;

/**
 * The daily check-in screen (product.md 2 'Check-in and coin screens'). The route list gives it no path; ours sits beside
 * the coin screens.
 */
export const CHECK_IN_PATH = '/game/check-in';

/**
 * The page that recomputes a settled race round in the browser from its published data (ARCHITECTURE.md (The coin race)
 * "a page and a script"). The route list gives it no path; the frame's Verify link opens it in a new tab
 * (navigate with the web origin's URL).
 */
export const GAME_VERIFY_PATH = '/game/verify';

/** The verify page of one round. */
export function gameVerifyPath(roundId: string): string {
  return `${GAME_VERIFY_PATH}/${encodeURIComponent(roundId)}`;
}

/** Where a settled season is recomputed in the browser (the pages of the last season link it). */
export const GAME_SEASON_VERIFY_PATH = `${GAME_VERIFY_PATH}/season`;

/** The verify page of one settled season. */
export function gameSeasonVerifyPath(seasonId: string): string {
  return `${GAME_SEASON_VERIFY_PATH}/${encodeURIComponent(seasonId)}`;
}

/** product.md 2 Frame actions: 'popup, with kinds invite, gameTask, checkIn': the screen each popup opens. */
export const FRAME_POPUP_TO_PATH = {
  invite: ROUTES.referral,
  gameTask: ROUTES.task,
  checkIn: CHECK_IN_PATH,
} as const satisfies Record<FramePopupKind, string>;

export type FrameNavigation = { kind: 'internal'; path: string } | { kind: 'external'; url: string };

/** True for an absolute http(s) URL, which the frame may ask to open in a new tab. */
export function isExternalHttpUrl(target: string): boolean {
  return /^https?:\/\/[^\s/?#]+/i.test(target);
}

/**
 * product.md 2 Frame actions: 'navigate: a named route with an optional query, or an external http URL opened in a new
 * tab.' Returns null for an unknown target, which the page ignores.
 */
export function resolveFrameNavigation(
  target: string,
  query?: Record<string, string | number | boolean> | null,
): FrameNavigation | null {
  if (isOneOf(FRAME_ROUTE_NAMES, target)) {
    const path = FRAME_ROUTE_TO_PATH[target];
    const entries = Object.entries(query ?? {}).map(([key, value]): [string, string] => [key, String(value)]);
    const search = new URLSearchParams(entries).toString();
    return { kind: 'internal', path: search ? `${path}?${search}` : path };
  }
  if (isExternalHttpUrl(target)) return { kind: 'external', url: target };
  return null;
}

/**
 * product.md 2: 'Frame messages are accepted only from the game host origin.' Compares normalised origins (scheme, host,
 * port) so 'http://localhost:3002/' and 'http://localhost:3002' match and nothing else does.
 */
export function isGameHostOrigin(messageOrigin: string, gameHostOrigin: string): boolean {
  const normalise = (value: string): string | null => {
    try {
      const origin = new URL(value).origin;
      return origin === 'null' ? null : origin;
    } catch {
      return null;
    }
  };
  const expected = normalise(gameHostOrigin);
  return expected !== null && normalise(messageOrigin) === expected;
}
