import type { LoginProvider } from '@ojo/domain/enums';
import { AUTH_ROUTES } from '@/config/routes';
import { getOauthProviders } from '../api/get-oauth-providers';
import { createAuthorizationUrl } from './oidc-login';

/** Old-user icons (product.md 2 Home): leave for the provider's sign-in page; it sends the person back to the callback. */
export async function startOidcLogin(provider: LoginProvider): Promise<void> {
  const info = (await getOauthProviders()).find((entry) => entry.provider === provider);
  if (!info) throw new Error(`Login with ${provider} is not available`);
  const { pathname, search, origin } = window.location;
  const url = await createAuthorizationUrl({
    info: { ...info, redirectUri: info.redirectUri || `${origin}${AUTH_ROUTES.authCallback.path}` },
    returnTo: pathname === AUTH_ROUTES.authCallback.path ? '/' : `${pathname}${search}`,
    storage: window.sessionStorage,
  });
  window.location.assign(url);
}
