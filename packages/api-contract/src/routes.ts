import { AUDIT_ROUTES } from './audit';
import { BADGE_ROUTES } from './badge';
import { chainConfigRoute } from './chain';
import { checkInRoute, checkInStatusRoute } from './check-in';
import { COIN_ROUTES } from './coin';
import { GAME_ROUTES } from './game/http';
import { gasPolicyRoute } from './gas';
import { idTokenRefreshRoute, siweNonceRoute, siweVerifyRoute } from './identity';
import { bindWalletRoute } from './linked-wallet';
import {
  memberAssetRoute,
  memberExpansionRoute,
  memberInfoRoute,
  memberSummaryRoute,
  pointLedgersRoute,
} from './member';
import { oauthLoginRoute, oauthProvidersRoute } from './oauth';
import { OPERATOR_ROUTES } from './operator';
import {
  createProfileRoute,
  getProfileByHandleRoute,
  getProfileRoute,
  profileWhitelistRoute,
} from './profile';
import { referralCodeCheckRoute, referralInfoRoute } from './referral';
import type { RouteDeclaration } from './route';
import { TASK_ROUTES } from './tasks';
import {
  bindRoute,
  getUserRoute,
  loginRoute,
  logoutRoute,
  oauthNonceRoute,
  tokenRefreshRoute,
  userSignRoute,
} from './user';

/**
 * Every declared route of the product API, for the checks that span them all (no path written in the clients, the
 * OpenAPI document lists each). The game routes are served by apps/api/src/modules/game.
 */
export const API_ROUTES: readonly RouteDeclaration[] = [
  getUserRoute,
  loginRoute,
  bindRoute,
  userSignRoute,
  oauthNonceRoute,
  tokenRefreshRoute,
  logoutRoute,
  oauthProvidersRoute,
  oauthLoginRoute,
  referralInfoRoute,
  referralCodeCheckRoute,
  siweNonceRoute,
  siweVerifyRoute,
  idTokenRefreshRoute,
  profileWhitelistRoute,
  getProfileRoute,
  getProfileByHandleRoute,
  createProfileRoute,
  chainConfigRoute,
  gasPolicyRoute,
];

/** The task, check-in, member and linked-wallet calls (declared by their own modules; listed here for the path check). */
export const TASK_AND_MEMBER_ROUTES: readonly RouteDeclaration[] = [
  checkInStatusRoute,
  checkInRoute,
  bindWalletRoute,
  pointLedgersRoute,
  memberAssetRoute,
  memberSummaryRoute,
  memberExpansionRoute,
  memberInfoRoute,
  ...TASK_ROUTES,
];

/**
 * The operator console's calls (docs/console.md): each declares its role; the refusal walk
 * (apps/api/test/modules/operator/refusal-walk.test.ts) calls every one of them without the right token.
 */
export const CONSOLE_ROUTES: readonly RouteDeclaration[] = [...OPERATOR_ROUTES, ...AUDIT_ROUTES];

export const DECLARED_ROUTES: readonly RouteDeclaration[] = [
  ...API_ROUTES,
  ...TASK_AND_MEMBER_ROUTES,
  ...BADGE_ROUTES,
  ...GAME_ROUTES,
  ...COIN_ROUTES,
  ...CONSOLE_ROUTES,
];
