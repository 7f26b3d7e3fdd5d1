import { chainConfigRoute } from './chain';
import { GAME_ROUTES } from './game/http';
import { gasPolicyRoute } from './gas';
import { idTokenRefreshRoute, siweNonceRoute, siweVerifyRoute } from './identity';
import { oauthLoginRoute, oauthProvidersRoute } from './oauth';
import {
  createProfileRoute,
  getProfileByHandleRoute,
  getProfileRoute,
  profileWhitelistRoute,
} from './profile';
import { referralCodeCheckRoute, referralInfoRoute } from './referral';
import type { RouteDeclaration } from './route';
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
 * OpenAPI document lists each). The game routes are declared for the coming game module and not served yet.
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

export const DECLARED_ROUTES: readonly RouteDeclaration[] = [...API_ROUTES, ...GAME_ROUTES];
