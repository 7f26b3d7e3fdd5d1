import type { LoginProvider } from '@ojo/domain/enums';
import { env } from '@/config/env';
import { AUTH_ROUTES } from '@/config/routes';
import { createAuthorizationUrl, fetchOidcDiscovery } from './oidc-login';

/** The client id the web app is registered under at the old users' providers (the embedded one locally). */
export const OIDC_CLIENT_ID = env.saasId;

/** Old-user icons (spec 2 Home): leave for the provider's sign-in page; it sends the person back to the callback. */
export async function startOidcLogin(provider: LoginProvider): Promise<void> {
  const discovery = await fetchOidcDiscovery(env.apiUrl, provider);
  const url = await createAuthorizationUrl({
    provider,
    discovery,
    clientId: OIDC_CLIENT_ID,
    redirectUri: `${window.location.origin}${AUTH_ROUTES.authCallback.path}`,
    returnTo: window.location.pathname === AUTH_ROUTES.authCallback.path ? '/' : window.location.pathname,
    storage: window.sessionStorage,
  });
  window.location.assign(url);
}
