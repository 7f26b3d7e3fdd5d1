import { createLocalJWKSet, errors, jwtVerify, SignJWT } from 'jose';
import { type Address, getAddress, isAddress } from 'viem';
import { ID_TOKEN_ALGORITHM, type IdentityKeys } from './identity-keys';

export interface IdTokenSettings {
  /** `iss`: the API's public origin. */
  issuer: string;
  /** `aud`: the client id (product.md 9 default client id is the product name). */
  audience: string;
  /** The session limit: a token ends this long after its SIWE sign-in (product.md 9: 604800 s). */
  maxSessionSeconds: number;
}

export interface IdTokenClaims {
  /** The checksummed smart-account address (`sub`). */
  address: Address;
  /** ms since the epoch. */
  expiresAt: number;
  /**
   * When the person signed in with SIWE (ms since the epoch, from `auth_time`); renewals carry it unchanged. Undefined
   * for a token without the claim, which therefore can neither log in nor be renewed.
   */
  authTime: number | undefined;
  /** The session this sign-in opens (`sid`); logout revokes it. Undefined for a token without the claim. */
  sessionId: string | undefined;
}

export interface IssueOptions {
  /** The SIWE sign-in time (ms since the epoch) this token descends from; default now (a fresh sign-in). */
  authTime?: number;
  /** The session of the sign-in (`sid`); a renewal passes the token's own. */
  sessionId?: string;
}

/**
 * Signs an id token for `address` (ES256, with the key's kid). It lasts as the web session does: until the SIWE
 * sign-in plus the session limit (product.md 9), so a player who comes back within it is still signed in (product.md 4 logs out
 * on load only for an expired token); logout ends it earlier through its session.
 */
export async function issueIdToken(
  keys: IdentityKeys,
  settings: IdTokenSettings,
  address: Address,
  options: IssueOptions & { sessionId: string; nowMs: number },
): Promise<{ idToken: string; expiresAt: number }> {
  const now = Math.floor(options.nowMs / 1000);
  const authTime = Math.floor((options.authTime ?? options.nowMs) / 1000);
  const expiresAtSeconds = authTime + settings.maxSessionSeconds;
  const idToken = await new SignJWT({ auth_time: authTime, sid: options.sessionId })
    .setProtectedHeader({ alg: ID_TOKEN_ALGORITHM, kid: keys.kid, typ: 'JWT' })
    .setSubject(getAddress(address))
    .setIssuer(settings.issuer)
    .setAudience(settings.audience)
    .setIssuedAt(now)
    .setExpirationTime(expiresAtSeconds)
    .sign(keys.privateKey);
  return { idToken, expiresAt: expiresAtSeconds * 1000 };
}

/**
 * Verifies an id token against the published key set at `nowMs`: ES256 only (so 'none' and algorithm swaps fail),
 * issuer, audience, expiry, and a checksummed address as subject. Null for any invalid token.
 */
export async function verifyIdToken(
  keys: IdentityKeys,
  settings: IdTokenSettings,
  token: string,
  nowMs: number,
): Promise<IdTokenClaims | null> {
  const keySet = createLocalJWKSet({ keys: [keys.publicJwk] });
  try {
    const { payload } = await jwtVerify(token, keySet, {
      algorithms: [ID_TOKEN_ALGORITHM],
      issuer: settings.issuer,
      audience: settings.audience,
      requiredClaims: ['sub', 'exp', 'iat'],
      currentDate: new Date(nowMs),
    });
    if (!payload.sub || !isAddress(payload.sub, { strict: false }) || payload.exp === undefined) return null;
    const authTime =
      typeof payload.auth_time === 'number' && Number.isSafeInteger(payload.auth_time)
        ? payload.auth_time * 1000
        : undefined;
    const sessionId = typeof payload.sid === 'string' ? payload.sid : undefined;
    return { address: getAddress(payload.sub), expiresAt: payload.exp * 1000, authTime, sessionId };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
