import { LOGIN_PROVIDERS, type LoginProvider } from '@ojo/domain/enums';
import { z } from 'zod';

/**
 * The old users' login (product.md 1, 6: Google, Twitter or Apple) as an OpenID Connect authorization-code flow with PKCE
 * (RFC 7636). The page goes to the provider's authorization endpoint (found by the API through standard OpenID
 * discovery of the provider's issuer and listed at `GET /customer/login/oauth/providers`), comes back
 * to the callback route with `code` and `state`, and hands the code with its verifier to the API
 * (`POST /customer/login/oauth`), which exchanges it. The verifier never leaves this tab's session storage until then.
 */

export const OIDC_PENDING_KEY = 'ojo_oidc_pending';

/** How to start one provider's sign-in, as `GET /customer/login/oauth/providers` lists it (from its discovery). */
export interface OidcProviderInfo {
  provider: LoginProvider;
  /** The provider's authorization endpoint, from its OpenID discovery document. */
  authorizationEndpoint: string;
  clientId: string;
  /** The registered redirect URI: this app's callback route. */
  redirectUri: string;
  scope: string;
}

const pendingSchema = z.object({
  provider: z.enum(LOGIN_PROVIDERS),
  state: z.string().min(16),
  codeVerifier: z.string().min(43).max(128),
  redirectUri: z.string(),
  /** OpenID Connect nonce: the provider's id token must carry it, so a replayed token does not log in. */
  nonce: z.string().min(16),
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

export interface AuthorizationRequest {
  info: OidcProviderInfo;
  returnTo: string;
  storage: Storage;
}

/** Builds the authorization URL and remembers state and verifier for the callback. */
export async function createAuthorizationUrl(request: AuthorizationRequest): Promise<string> {
  const { info } = request;
  const pending: PendingOidcLogin = {
    provider: info.provider,
    state: randomToken(),
    codeVerifier: randomToken(48),
    redirectUri: info.redirectUri,
    nonce: randomToken(),
    returnTo: request.returnTo,
  };
  const url = new URL(info.authorizationEndpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', info.clientId);
  url.searchParams.set('redirect_uri', info.redirectUri);
  url.searchParams.set('scope', info.scope);
  url.searchParams.set('state', pending.state);
  url.searchParams.set('nonce', pending.nonce);
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
      nonce: string;
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
    nonce: pending.nonce,
    returnTo: pending.returnTo,
  };
}
