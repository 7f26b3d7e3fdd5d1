import { createHash, randomBytes } from 'node:crypto';
import { HttpError } from './http';

/**
 * The authorization-code grant with PKCE (RFC 6749, RFC 7636) as X and Discord run it: a code bound to the client,
 * the redirect_uri, the S256 challenge and the user; single use, 10 minutes.
 */
interface PendingCode {
  clientId: string;
  redirectUri: string;
  challenge: string | undefined;
  userId: string;
  scope: string;
  expiresAt: number;
}

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
}

export class OAuthServer {
  private readonly codes = new Map<string, PendingCode>();
  private readonly tokens = new Map<string, { userId: string; scope: string; expiresAt: number }>();

  constructor(
    private readonly client: OAuthClient,
    private readonly redirectOrigins: string[],
    /** X requires PKCE; Discord accepts it. */
    private readonly requirePkce: boolean,
  ) {}

  /** Checks an authorization request; answers what the consent page needs, or throws an error for the page. */
  checkAuthorizeRequest(query: URLSearchParams): { redirectUri: string; state: string; scope: string } {
    if (query.get('response_type') !== 'code') throw new HttpError(400, 'response_type must be code');
    if (query.get('client_id') !== this.client.clientId) throw new HttpError(400, 'unknown client_id');
    const redirectUri = query.get('redirect_uri') ?? '';
    if (!this.isAllowedRedirect(redirectUri)) throw new HttpError(400, 'redirect_uri is not registered');
    const challenge = query.get('code_challenge');
    if (this.requirePkce || challenge) {
      if (!challenge || query.get('code_challenge_method') !== 'S256') {
        throw new HttpError(400, 'code_challenge with code_challenge_method S256 is required');
      }
    }
    const state = query.get('state') ?? '';
    if (!state) throw new HttpError(400, 'state is required');
    return { redirectUri, state, scope: query.get('scope') ?? '' };
  }

  issueCode(query: URLSearchParams, userId: string): string {
    const { redirectUri, scope } = this.checkAuthorizeRequest(query);
    const code = randomBytes(24).toString('base64url');
    this.codes.set(code, {
      clientId: this.client.clientId,
      redirectUri,
      challenge: query.get('code_challenge') ?? undefined,
      userId,
      scope,
      expiresAt: Date.now() + 10 * 60_000,
    });
    return code;
  }

  /** The token endpoint: answers the token response, or throws an OAuth error body (RFC 6749 5.2). */
  exchange(
    form: Record<string, string>,
    credentials: { clientId?: string; clientSecret?: string },
  ): { access_token: string; token_type: string; expires_in: number; scope: string } {
    const fail = (error: string, description: string) =>
      new HttpError(400, description, { error, error_description: description });
    if (form.grant_type !== 'authorization_code') throw fail('unsupported_grant_type', 'grant_type');
    if (credentials.clientId !== this.client.clientId) throw fail('invalid_client', 'unknown client');
    if (credentials.clientSecret !== undefined && credentials.clientSecret !== this.client.clientSecret) {
      throw fail('invalid_client', 'bad client secret');
    }
    const pending = this.codes.get(form.code ?? '');
    this.codes.delete(form.code ?? '');
    if (!pending || pending.expiresAt < Date.now()) throw fail('invalid_grant', 'unknown or expired code');
    if (pending.redirectUri !== form.redirect_uri) throw fail('invalid_grant', 'redirect_uri differs');
    if (pending.challenge) {
      const verifier = form.code_verifier ?? '';
      const computed = createHash('sha256').update(verifier).digest('base64url');
      if (computed !== pending.challenge) throw fail('invalid_grant', 'code_verifier does not match');
    } else if (credentials.clientSecret === undefined) {
      throw fail('invalid_client', 'a client without PKCE must authenticate');
    }
    const token = randomBytes(32).toString('base64url');
    this.tokens.set(token, {
      userId: pending.userId,
      scope: pending.scope,
      expiresAt: Date.now() + 7200_000,
    });
    return { access_token: token, token_type: 'bearer', expires_in: 7200, scope: pending.scope };
  }

  /** The user a bearer token belongs to, or undefined (the API answers 401). */
  userOf(token: string | undefined): string | undefined {
    const entry = token ? this.tokens.get(token) : undefined;
    return entry && entry.expiresAt > Date.now() ? entry.userId : undefined;
  }

  private isAllowedRedirect(uri: string): boolean {
    try {
      return this.redirectOrigins.includes(new URL(uri).origin);
    } catch {
      return false;
    }
  }
}
