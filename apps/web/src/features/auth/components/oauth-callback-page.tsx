import { useEffect, useRef } from 'react';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { AUTH_ROUTES } from '@/config/routes';
import { useAuthStore } from '../hooks/use-auth';
import { readOidcCallback } from '../lib/oidc-login';

/**
 * Where Google, Twitter or Apple send an old user back (OpenID Connect redirect URI). The code and its PKCE verifier
 * go to the API, which logs the user in; the store then shows the migration tips and navigates on.
 */
export function OauthCallbackPage() {
  const store = useAuthStore();
  const isHandled = useRef(false);
  useEffect(() => {
    // The pending login is single use: read it once, even when React runs effects twice in development.
    if (!store || isHandled.current) return;
    isHandled.current = true;
    const result = readOidcCallback(window.location.search, window.sessionStorage);
    if (!result.ok) {
      store.failOauthLogin(result.reason);
      return;
    }
    void store.loginWithOauthCode({
      provider: result.provider,
      code: result.code,
      codeVerifier: result.codeVerifier,
      redirectUri: result.redirectUri,
      nonce: result.nonce,
      returnTo: result.returnTo,
    });
  }, [store]);
  return (
    <Page title={AUTH_ROUTES.authCallback.title}>
      <Spinner label="Signing you in" />
    </Page>
  );
}
