import { createLocalJWKSet, errors, jwtVerify, SignJWT } from 'jose';
import { type Address, getAddress, isAddress } from 'viem';
import { ID_TOKEN_ALGORITHM, type IdentityKeys } from './identity-keys';

/** Life of an id token: one hour (renewed through POST /identity/refresh when under 1200 s remain). */
export const ID_TOKEN_TTL_SECONDS = 3600;

export interface IdTokenSettings {
  /** `iss`: the API's public origin. */
  issuer: string;
  /** `aud`: the client id (spec 9 default client id is the product name). */
  audience: string;
}

export interface IdTokenClaims {
  /** The checksummed smart-account address (`sub`). */
  address: Address;
  expiresAt: number;
  /**
   * When the person signed in with SIWE (ms since the epoch, from `auth_time`); renewals carry it unchanged. Undefined
   * for a token without the claim, which therefore cannot be renewed.
   */
  authTime: number | undefined;
}

export interface IssueOptions {
  /** The SIWE sign-in time (ms since the epoch) this token descends from; default now (a fresh sign-in). */
  authTime?: number;
  /** Life of the token; default ID_TOKEN_TTL_SECONDS. */
  ttlSeconds?: number;
}

/** Signs an id token for `address` (ES256, with the key's kid). */
export async function issueIdToken(
  keys: IdentityKeys,
  settings: IdTokenSettings,
  address: Address,
  options: IssueOptions = {},
): Promise<{ idToken: string; expiresAt: number }> {
  const now = Math.floor(Date.now() / 1000);
  const authTime = Math.floor((options.authTime ?? Date.now()) / 1000);
  const expiresAtSeconds = now + (options.ttlSeconds ?? ID_TOKEN_TTL_SECONDS);
  const idToken = await new SignJWT({ auth_time: authTime })
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
 * Verifies an id token against the published key set: ES256 only (so 'none' and algorithm swaps fail), issuer,
 * audience, expiry, and a checksummed address as subject. Null for any invalid token.
 */
export async function verifyIdToken(
  keys: IdentityKeys,
  settings: IdTokenSettings,
  token: string,
): Promise<IdTokenClaims | null> {
  const keySet = createLocalJWKSet({ keys: [keys.publicJwk] });
  try {
    const { payload } = await jwtVerify(token, keySet, {
      algorithms: [ID_TOKEN_ALGORITHM],
      issuer: settings.issuer,
      audience: settings.audience,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    if (!payload.sub || !isAddress(payload.sub, { strict: false }) || payload.exp === undefined) return null;
    const authTime =
      typeof payload.auth_time === 'number' && Number.isSafeInteger(payload.auth_time)
        ? payload.auth_time * 1000
        : undefined;
    return { address: getAddress(payload.sub), expiresAt: payload.exp * 1000, authTime };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
