import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '@ojo/db/client';
import { type OidcCode, oidcCodes } from '@ojo/db/schema/oidc-codes';
import { OLD_USER_TEST_IDENTITIES } from '@ojo/db/seeds/old-users';
import { and, eq, isNull, lt } from '@ojo/db/sql';
import type { LoginProvider } from '@ojo/domain/enums';
import { errors, jwtVerify, SignJWT } from 'jose';
import { ID_TOKEN_ALGORITHM, type ProviderSigningKey } from './signing-keys';

/** An authorization code lives 60 s and is redeemable once. */
export const CODE_TTL_SECONDS = 60;
export const ID_TOKEN_TTL_SECONDS = 600;
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
/** How long the sign-in page may stay open before its form is refused. */
export const INTERACTION_TTL_SECONDS = 600;

const ACCESS_TOKEN_TYPE = 'at+jwt';
const INTERACTION_TYPE = 'oidc-interaction+jwt';
/** RFC 7636 section 4.1: 43 to 128 unreserved characters. */
const CODE_VERIFIER_PATTERN = /^[A-Za-z0-9._~-]{43,128}$/;

/** A refusal in OAuth 2.0 terms (RFC 6749 section 5.2): `{error, error_description}` with a status. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly statusCode = 400,
  ) {
    super(`${error}: ${description}`);
    this.name = 'OAuthError';
  }
}

/** What the client asked for at /authorize, carried through the sign-in page and into the code. */
export interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  scope: string;
  state?: string | undefined;
  nonce?: string | undefined;
  codeChallenge: string;
}

/** A person of the embedded provider's user base. */
export interface LocalIdentity {
  subject: string;
  email: string;
  name: string;
}

/** The seeded test identities of one provider, in seed order (they are the sign-in page's buttons). */
export function testIdentitiesOf(provider: LoginProvider): LocalIdentity[] {
  return OLD_USER_TEST_IDENTITIES.filter((identity) => identity.provider === provider).map(
    ({ subject, email, name }) => ({ subject, email, name }),
  );
}

/**
 * The identity behind an email typed into the sign-in page's form. A seeded identity's email gives that identity;
 * any other email gets a stable subject derived from provider and email, so signing in twice is the same person.
 */
export function identityForEmail(provider: LoginProvider, rawEmail: string): LocalIdentity {
  const email = rawEmail.trim().toLowerCase();
  const known = testIdentitiesOf(provider).find((identity) => identity.email === email);
  if (known) return known;
  const digest = createHash('sha256').update(`${provider}:${email}`).digest('hex');
  return { subject: `local-${digest.slice(0, 24)}`, email, name: email.split('@')[0] ?? email };
}

export function sha256Base64Url(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** Constant-time string comparison (hashes first, so lengths do not leak either). */
export function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

/** Stores a new code for a signed-in identity and returns it; only its SHA-256 is kept. */
export async function issueCode(
  db: Database,
  provider: LoginProvider,
  request: AuthorizationRequest,
  identity: LocalIdentity,
  now = new Date(),
): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  await db.insert(oidcCodes).values({
    codeHash: sha256Base64Url(code),
    provider,
    clientId: request.clientId,
    redirectUri: request.redirectUri,
    codeChallenge: request.codeChallenge,
    scope: request.scope,
    nonce: request.nonce ?? null,
    subject: identity.subject,
    email: identity.email,
    name: identity.name,
    authTime: now,
    expiresAt: new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
  });
  // Housekeeping: codes expired for a day are of no use to anybody.
  await db.delete(oidcCodes).where(lt(oidcCodes.expiresAt, new Date(now.getTime() - 86_400_000)));
  return code;
}

export interface TokenRequest {
  code: string;
  redirectUri: string;
  codeVerifier: string;
  /** The client that authenticated at the token endpoint. */
  clientId: string;
}

/**
 * Redeems a code (RFC 6749 section 4.1.3, RFC 7636 section 4.6). The code is consumed first, by a conditional update,
 * so whatever check fails afterwards it cannot be tried again; then client, redirect URI, expiry and the PKCE
 * verifier must match.
 */
export async function redeemCode(
  db: Database,
  provider: LoginProvider,
  request: TokenRequest,
  now = new Date(),
): Promise<OidcCode> {
  if (!CODE_VERIFIER_PATTERN.test(request.codeVerifier)) {
    throw new OAuthError('invalid_grant', 'code_verifier must be 43 to 128 unreserved characters');
  }
  const [row] = await db
    .update(oidcCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(oidcCodes.codeHash, sha256Base64Url(request.code)),
        eq(oidcCodes.provider, provider),
        isNull(oidcCodes.consumedAt),
      ),
    )
    .returning();
  if (!row) throw new OAuthError('invalid_grant', 'The code is unknown or was already used');
  if (row.clientId !== request.clientId)
    throw new OAuthError('invalid_grant', 'The code belongs to another client');
  if (row.redirectUri !== request.redirectUri) {
    throw new OAuthError('invalid_grant', 'redirect_uri differs from the authorization request');
  }
  if (row.expiresAt.getTime() <= now.getTime()) throw new OAuthError('invalid_grant', 'The code has expired');
  if (!safeEqual(sha256Base64Url(request.codeVerifier), row.codeChallenge)) {
    throw new OAuthError('invalid_grant', 'PKCE verification failed');
  }
  return row;
}

export interface IssuedTokens {
  idToken: string;
  accessToken: string;
}

/** The id token (OpenID Connect Core 2) and an access token for /userinfo, both signed with the provider's key. */
export async function issueTokens(
  key: ProviderSigningKey,
  issuer: string,
  code: OidcCode,
): Promise<IssuedTokens> {
  const idClaims: Record<string, unknown> = {
    email: code.email,
    email_verified: true,
    name: code.name,
    auth_time: Math.floor(code.authTime.getTime() / 1000),
  };
  if (code.nonce) idClaims.nonce = code.nonce;
  const idToken = await new SignJWT(idClaims)
    .setProtectedHeader({ alg: ID_TOKEN_ALGORITHM, kid: key.kid, typ: 'JWT' })
    .setIssuer(issuer)
    .setAudience(code.clientId)
    .setSubject(code.subject)
    .setIssuedAt()
    .setExpirationTime(`${ID_TOKEN_TTL_SECONDS}s`)
    .sign(key.privateKey);
  const accessToken = await new SignJWT({
    client_id: code.clientId,
    scope: code.scope,
    email: code.email,
    name: code.name,
  })
    .setProtectedHeader({ alg: ID_TOKEN_ALGORITHM, kid: key.kid, typ: ACCESS_TOKEN_TYPE })
    .setIssuer(issuer)
    .setAudience(`${issuer}/userinfo`)
    .setSubject(code.subject)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(key.privateKey);
  return { idToken, accessToken };
}

/** The claims /userinfo answers for a valid access token, or null. */
export async function readUserinfo(
  key: ProviderSigningKey,
  issuer: string,
  accessToken: string,
): Promise<Record<string, unknown> | null> {
  try {
    const { payload } = await jwtVerify(accessToken, key.publicKey, {
      algorithms: [ID_TOKEN_ALGORITHM],
      issuer,
      audience: `${issuer}/userinfo`,
      typ: ACCESS_TOKEN_TYPE,
      requiredClaims: ['sub', 'exp'],
    });
    const scopes = String(payload.scope ?? '').split(' ');
    const claims: Record<string, unknown> = { sub: payload.sub };
    if (scopes.includes('email')) Object.assign(claims, { email: payload.email, email_verified: true });
    if (scopes.includes('profile')) claims.name = payload.name;
    return claims;
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}

/** The sign-in page's state: the authorization request and its CSRF token, signed so the form cannot alter them. */
export async function signInteraction(
  key: ProviderSigningKey,
  issuer: string,
  request: AuthorizationRequest,
  csrf: string,
): Promise<string> {
  return new SignJWT({ req: request, csrf })
    .setProtectedHeader({ alg: ID_TOKEN_ALGORITHM, kid: key.kid, typ: INTERACTION_TYPE })
    .setIssuer(issuer)
    .setAudience(`${issuer}/authorize`)
    .setIssuedAt()
    .setExpirationTime(`${INTERACTION_TTL_SECONDS}s`)
    .sign(key.privateKey);
}

export async function readInteraction(
  key: ProviderSigningKey,
  issuer: string,
  token: string,
): Promise<{ request: AuthorizationRequest; csrf: string } | null> {
  try {
    const { payload } = await jwtVerify(token, key.publicKey, {
      algorithms: [ID_TOKEN_ALGORITHM],
      issuer,
      audience: `${issuer}/authorize`,
      typ: INTERACTION_TYPE,
    });
    const request = payload.req as AuthorizationRequest | undefined;
    if (!request || typeof payload.csrf !== 'string') return null;
    return { request, csrf: payload.csrf };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
