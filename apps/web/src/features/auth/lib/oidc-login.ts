import { isOneOf, LOGIN_PROVIDERS, type LoginProvider } from '@ojo/domain/enums';
import { z } from 'zod';

/**
 * The old users' login (spec 1, 6: Google, Twitter or Apple) as an OpenID Connect authorization-code flow with PKCE
 * (RFC 7636). The page goes to the provider's authorization endpoint found through standard discovery, comes back
 * to the callback route with `code` and `state`, and hands the code with its verifier to the API
 * (`POST /customer/login/oauth`), which exchanges it. The verifier never leaves this tab's session storage until then.
 */

export const OIDC_PENDING_KEY = 'ojo_oidc_pending';

/** The fields of an OpenID Provider's discovery document the web needs. */
export const oidcDiscoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  code_challenge_methods_supported: z.array(z.string()).optional(),
});
export type OidcDiscovery = z.infer<typeof oidcDiscoverySchema>;

const pendingSchema = z.object({
  provider: z.enum(LOGIN_PROVIDERS),
  state: z.string().min(16),
  codeVerifier: z.string().min(43).max(128),
  redirectUri: z.string(),
  /** Where to come back to after the login, a path of this app. */
  returnTo: z.string().startsWith('/'),
});
export type PendingOidcLogin = z.infer<typeof pendingSchema>;

function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A high-entropy random string of base64url characters (32 bytes: 43 characters). */
export function randomToken(byteLength = 32): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(byteLength)));
}

/** RFC 7636 S256: BASE64URL(SHA-256(verifier)). */
export async function codeChallengeFor(codeVerifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(codeVerifier));
  return base64Url(new Uint8Array(digest));
}

export function discoveryUrl(apiUrl: string, provider: LoginProvider): string {
  return `${apiUrl}/oidc/${provider}/.well-known/openid-configuration`;
}

export async function fetchOidcDiscovery(
  apiUrl: string,
  provider: LoginProvider,
  fetchImpl: typeof fetch = fetch,
): Promise<OidcDiscovery> {
  const response = await fetchImpl(discoveryUrl(apiUrl, provider), {
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`OpenID discovery for ${provider} answered HTTP ${response.status}`);
  const discovery = oidcDiscoverySchema.parse(await response.json());
  const methods = discovery.code_challenge_methods_supported;
  if (methods && !methods.includes('S256')) throw new Error(`${provider} does not support PKCE S256`);
  return discovery;
}

export interface AuthorizationRequest {
  provider: LoginProvider;
  discovery: OidcDiscovery;
  clientId: string;
  redirectUri: string;
  returnTo: string;
  storage: Storage;
}

/** Builds the authorization URL and remembers state and verifier for the callback. */
export async function createAuthorizationUrl(request: AuthorizationRequest): Promise<string> {
  const pending: PendingOidcLogin = {
    provider: request.provider,
    state: randomToken(),
    codeVerifier: randomToken(48),
    redirectUri: request.redirectUri,
    returnTo: request.returnTo,
  };
  const url = new URL(request.discovery.authorization_endpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', request.clientId);
  url.searchParams.set('redirect_uri', request.redirectUri);
  url.searchParams.set('scope', 'openid email profile');
  url.searchParams.set('state', pending.state);
  url.searchParams.set('code_challenge', await codeChallengeFor(pending.codeVerifier));
  url.searchParams.set('code_challenge_method', 'S256');
  request.storage.setItem(OIDC_PENDING_KEY, JSON.stringify(pending));
  return url.toString();
}

export type OidcCallbackResult =
  | {
      ok: true;
      provider: LoginProvider;
      code: string;
      codeVerifier: string;
      redirectUri: string;
      returnTo: string;
    }
  | {
      ok: false;
      reason: 'no-pending-login' | 'state-mismatch' | 'provider-error' | 'no-code';
      detail?: string;
    };

/**
 * Reads the provider's answer on the callback route. The pending login is used once: it is removed whatever the
 * outcome, so a replayed callback URL cannot log in again.
 */
export function readOidcCallback(search: string, storage: Storage): OidcCallbackResult {
  const params = new URLSearchParams(search);
  const raw = storage.getItem(OIDC_PENDING_KEY);
  storage.removeItem(OIDC_PENDING_KEY);
  let pending: PendingOidcLogin | null = null;
  try {
    const parsed = pendingSchema.safeParse(raw ? JSON.parse(raw) : null);
    pending = parsed.success ? parsed.data : null;
  } catch {
    pending = null;
  }
  if (!pending) return { ok: false, reason: 'no-pending-login' };
  if (params.get('state') !== pending.state) return { ok: false, reason: 'state-mismatch' };
  const error = params.get('error');
  if (error) return { ok: false, reason: 'provider-error', detail: params.get('error_description') ?? error };
  const code = params.get('code');
  if (!code) return { ok: false, reason: 'no-code' };
  return {
    ok: true,
    provider: pending.provider,
    code,
    codeVerifier: pending.codeVerifier,
    redirectUri: pending.redirectUri,
    returnTo: pending.returnTo,
  };
}

export function isLoginProvider(value: unknown): value is LoginProvider {
  return isOneOf(LOGIN_PROVIDERS, value);
}
