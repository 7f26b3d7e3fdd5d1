import { WEB_LOGIN_SESSION_SECONDS } from '@ojo/domain/constants';
import { errors, jwtVerify, SignJWT } from 'jose';

const ALGORITHM = 'HS256';

export interface SessionTokenSettings {
  secret: Uint8Array;
  issuer: string;
  audience: string;
}

export interface SessionClaims {
  customerId: string;
  issuedAt: number;
  expiresAt: number;
}

/** Signs the session jwt the web app sends back in the jwt_token header. */
export async function issueSessionToken(
  settings: SessionTokenSettings,
  customerId: string,
  ttlSeconds: number = WEB_LOGIN_SESSION_SECONDS,
): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(customerId)
    .setIssuer(settings.issuer)
    .setAudience(settings.audience)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(settings.secret);
}

/**
 * Verifies signature (HS256 only, so 'none' and algorithm swaps are refused), issuer, audience and expiry.
 * Returns null for any invalid token; other failures propagate.
 */
export async function verifySessionToken(
  settings: SessionTokenSettings,
  token: string,
): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, settings.secret, {
      algorithms: [ALGORITHM],
      issuer: settings.issuer,
      audience: settings.audience,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    if (!payload.sub || payload.exp === undefined || payload.iat === undefined) return null;
    return { customerId: payload.sub, issuedAt: payload.iat, expiresAt: payload.exp };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
