import { webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

type CryptoKey = webcrypto.CryptoKey;

const ALGORITHM = 'HS256';

export interface SessionTokenSettings {
  secret: Uint8Array;
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

const hmacKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>();

/**
 * The secret as an HMAC key, imported once: given raw bytes, jose imports them again on every call, and every secure
 * request verifies a token (`npm run bench:api`).
 */
function hmacKeyOf(secret: Uint8Array): Promise<CryptoKey> {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    hmacKeys.set(secret, key);
  }
  return key;
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
    .sign(await hmacKeyOf(settings.secret));
}

/** Tokens whose signature, issuer and audience were verified, by the settings they were verified with. */
const verifiedTokens = new WeakMap<
  SessionTokenSettings,
  Map<string, SessionClaims & { notBefore?: number }>
>();
/** At most this many tokens are remembered per settings; then they are forgotten at once and verified again. */
const VERIFIED_TOKENS_LIMIT = 10_000;

/**
 * Verifies signature (HS256 only, so 'none' and algorithm swaps are refused), issuer, audience and expiry at
 * `nowMs`, and that the token names a session. Returns null for any invalid token; other failures propagate.
 *
 * A token verified once with these settings is not verified again: its text cannot change, so its signature,
 * issuer and audience stay valid, and only its time window is checked again at `nowMs` (as jose checks it: valid
 * while now, in whole seconds, is before `exp` and not before `nbf`). The HMAC through WebCrypto was a tenth of the
 * CPU of a secure read (`npm run bench:api --cpu-prof`). This remembers nothing about the session: whether it is
 * still open is read from the database on every call, so logout refuses the token on every API node at once.
 */
export async function verifySessionToken(
  settings: SessionTokenSettings,
  token: string,
  nowMs: number,
): Promise<SessionClaims | null> {
  let verified = verifiedTokens.get(settings);
  if (!verified) {
    verified = new Map();
    verifiedTokens.set(settings, verified);
  }
  const known = verified.get(token);
  if (known) {
    const now = Math.floor(nowMs / 1000);
    if (known.expiresAt <= now || (known.notBefore !== undefined && known.notBefore > now)) return null;
    return {
      userId: known.userId,
      sessionId: known.sessionId,
      issuedAt: known.issuedAt,
      expiresAt: known.expiresAt,
    };
  }
  const claims = await verifyWithJose(settings, token, nowMs);
  if (claims) {
    if (verified.size >= VERIFIED_TOKENS_LIMIT) verified.clear();
    verified.set(token, claims);
    return {
      userId: claims.userId,
      sessionId: claims.sessionId,
      issuedAt: claims.issuedAt,
      expiresAt: claims.expiresAt,
    };
  }
  return null;
}

async function verifyWithJose(
  settings: SessionTokenSettings,
  token: string,
  nowMs: number,
): Promise<(SessionClaims & { notBefore?: number }) | null> {
  try {
    const { payload } = await jwtVerify(token, await hmacKeyOf(settings.secret), {
      algorithms: [ALGORITHM],
      issuer: settings.issuer,
      audience: settings.audience,
      requiredClaims: ['sub', 'sid', 'exp', 'iat'],
      currentDate: new Date(nowMs),
    });
    const { sub, sid, exp, iat, nbf } = payload;
    if (!sub || typeof sid !== 'string' || exp === undefined || iat === undefined) return null;
    return {
      userId: sub,
      sessionId: sid,
      issuedAt: iat,
      expiresAt: exp,
      ...(nbf === undefined ? {} : { notBefore: nbf }),
    };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
