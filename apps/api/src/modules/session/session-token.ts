import { webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

type CryptoKey = webcrypto.CryptoKey;

const ALGORITHM = 'HS256';

export interface SessionTokenSettings {
  /** The HMAC secret: raw bytes, which jose imports on every call, or the key `sessionTokenKey` imported once. */
  secret: Uint8Array | CryptoKey;
  issuer: string;
  audience: string;
}

export interface SessionClaims {
  userId: string;
  /** The `sid`: the sessions row this token belongs to. */
  sessionId: string;
  /** Seconds since the epoch. */
  issuedAt: number;
  expiresAt: number;
}

/** The secret as an HS256 key for `SessionTokenSettings`: every secure call verifies a token. */
export function sessionTokenKey(secret: Uint8Array): Promise<CryptoKey> {
  return webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
}

/**
 * Signs the session jwt the web app sends back in the jwt_token header: the user (`sub`), its session (`sid`)
 * and an expiry no later than the session's end (seconds since the epoch). `nowMs` is the API's clock.
 */
export async function issueSessionToken(
  settings: SessionTokenSettings,
  session: { userId: string; sessionId: string; expiresAt: number },
  nowMs: number,
): Promise<string> {
  return new SignJWT({ sid: session.sessionId })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(session.userId)
    .setIssuer(settings.issuer)
    .setAudience(settings.audience)
    .setIssuedAt(Math.floor(nowMs / 1000))
    .setExpirationTime(session.expiresAt)
    .sign(settings.secret);
}

/**
 * Verifies signature (HS256 only, so 'none' and algorithm swaps are refused), issuer, audience and expiry at
 * `nowMs`, and that the token names a session. Returns null for any invalid token; other failures propagate.
 * Whether the session is still open is read from the database on every call, so logout refuses the token on every
 * API node at once.
 */
export async function verifySessionToken(
  settings: SessionTokenSettings,
  token: string,
  nowMs: number,
): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, settings.secret, {
      algorithms: [ALGORITHM],
      issuer: settings.issuer,
      audience: settings.audience,
      requiredClaims: ['sub', 'sid', 'exp', 'iat'],
      currentDate: new Date(nowMs),
    });
    const { sub, sid, exp, iat } = payload;
    if (!sub || typeof sid !== 'string' || exp === undefined || iat === undefined) return null;
    return { userId: sub, sessionId: sid, issuedAt: iat, expiresAt: exp };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
