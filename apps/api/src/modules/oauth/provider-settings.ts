import { LOGIN_PROVIDERS, type LoginProvider } from '@ojo/domain/enums';
import type { AppConfig } from '../../config/env';
import { localClientSecret } from '../../lib/local-secret-files';

/** Client id the API and the web use with a provider when none is configured. */
export const DEFAULT_OIDC_CLIENT_ID = 'ojo-arena-web';

/** Path of the web app's OpenID Connect callback route (the registered redirect URI). */
export const OIDC_CALLBACK_PATH = '/auth/callback';

/** Display names of the login providers (the authorize page, the providers list). */
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
  /** True when the issuer is this API's embedded provider. */
  isLocal: boolean;
}

/** Issuer of the embedded provider for one login provider: `${API_PUBLIC_URL}/oidc/<provider>`. */
export function localIssuer(config: AppConfig, provider: LoginProvider): string {
  return `${config.publicUrl}/oidc/${provider}`;
}

/** Redirect URIs registered for the web client; the API refuses others too. */
export function webRedirectUris(config: AppConfig): string[] {
  return [`${config.origins.web}${OIDC_CALLBACK_PATH}`];
}

/**
 * The client settings of each provider, or null when the provider is not usable: issuer, client id and client secret
 * come from OIDC_<PROVIDER>_ISSUER / _CLIENT_ID / _CLIENT_SECRET; with the embedded provider on, the issuer defaults
 * to it and the secret to the one generated under DATA_DIR.
 */
export function resolveOidcProviders(config: AppConfig): Record<LoginProvider, OidcProviderSettings | null> {
  const entries = LOGIN_PROVIDERS.map((provider) => {
    const configured = config.oidc.providers[provider];
    const local = localIssuer(config, provider);
    const issuer = configured.issuer ?? (config.oidc.localProvider ? local : undefined);
    const isLocal = config.oidc.localProvider && issuer === local;
    const clientSecret =
      configured.clientSecret ?? (isLocal ? localClientSecret(config.dataDir, provider) : undefined);
    const settings: OidcProviderSettings | null =
      issuer && clientSecret
        ? { provider, issuer, clientId: configured.clientId ?? DEFAULT_OIDC_CLIENT_ID, clientSecret, isLocal }
        : null;
    return [provider, settings] as const;
  });
  return Object.fromEntries(entries) as Record<LoginProvider, OidcProviderSettings | null>;
}

/** The one client the embedded provider of `provider` knows: the API's web client. */
export interface LocalOidcClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export function localOidcClient(config: AppConfig, provider: LoginProvider): LocalOidcClient {
  const configured = config.oidc.providers[provider];
  return {
    clientId: configured.clientId ?? DEFAULT_OIDC_CLIENT_ID,
    clientSecret: configured.clientSecret ?? localClientSecret(config.dataDir, provider),
    redirectUris: webRedirectUris(config),
  };
}
