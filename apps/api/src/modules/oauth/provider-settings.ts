import { LOGIN_PROVIDERS, type LoginProvider } from '@ojo/domain/enums';
import type { AppConfig } from '../../config/env';

/** Client id the API and the web use with a provider when none is configured. */
export const DEFAULT_OIDC_CLIENT_ID = 'ojo-arena-web';

/** Path of the web app's OpenID Connect callback route (the registered redirect URI). */
export const OIDC_CALLBACK_PATH = '/auth/callback';

/** Display names of the login providers (the providers list). */
export const PROVIDER_DISPLAY_NAMES: Record<LoginProvider, string> = {
  google: 'Google',
  twitter: 'Twitter',
  apple: 'Apple',
};

/** How the API reaches one provider as an OpenID Connect client. */
export interface OidcProviderSettings {
  provider: LoginProvider;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Redirect URIs registered for the web client; the API refuses others too. */
export function webRedirectUris(config: AppConfig): string[] {
  return [`${config.origins.web}${OIDC_CALLBACK_PATH}`];
}

/**
 * The client settings of each provider, or null when the provider is not usable: issuer, client id and client secret
 * come from OIDC_<PROVIDER>_ISSUER / _CLIENT_ID / _CLIENT_SECRET (locally `npm start` points them at the stand-ins).
 */
export function resolveOidcProviders(config: AppConfig): Record<LoginProvider, OidcProviderSettings | null> {
  const entries = LOGIN_PROVIDERS.map((provider) => {
    const { issuer, clientId, clientSecret } = config.oidc.providers[provider];
    const settings: OidcProviderSettings | null =
      issuer && clientSecret
        ? { provider, issuer, clientId: clientId ?? DEFAULT_OIDC_CLIENT_ID, clientSecret }
        : null;
    return [provider, settings] as const;
  });
  return Object.fromEntries(entries) as Record<LoginProvider, OidcProviderSettings | null>;
}
