import { NEW_ACCOUNT_WINDOW_SECONDS, TOKEN_COOKIE_DAYS, TOKEN_RENEW_THRESHOLD_SECONDS } from '../constants';

const BASE64URL = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** Decodes base64 or base64url to UTF-8 text; null when it is not valid base64 or not valid UTF-8. */
function decodeBase64Text(segment: string): string | null {
  if (segment === '' || !BASE64URL.test(segment)) return null;
  const unpadded = segment.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  if (unpadded.length % 4 === 1) return null;
  const padded = unpadded + '='.repeat((4 - (unpadded.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * product.md 5 Other: 'Token decoding requires a string with a valid base64 and JSON payload part.' Reads the payload
 * (second dot-separated part) of a JWT without checking its signature; anything else is null.
 */
export function decodeTokenPayload(token: unknown): Record<string, unknown> | null {
  if (typeof token !== 'string') return null;
  const payload = token.split('.')[1];
  if (payload === undefined) return null;
  const text = decodeBase64Text(payload);
  if (text === null) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** Seconds left before the token's `exp`; null when the token has no readable numeric exp. */
export function secondsUntilExpiry(token: unknown, nowMs: number): number | null {
  const exp = decodeTokenPayload(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp - nowMs / 1000 : null;
}

/** A token is expired when its exp has passed, or when it cannot be read at all. */
export function isExpired(token: unknown, nowMs: number): boolean {
  const left = secondsUntilExpiry(token, nowMs);
  return left === null || left <= 0;
}

/** product.md 4 Login: 'if the identity token expires in under 1200 seconds, renew it. Do the same for the session token.' */
export function shouldRenew(token: unknown, nowMs: number): boolean {
  const left = secondsUntilExpiry(token, nowMs);
  return left !== null && left < TOKEN_RENEW_THRESHOLD_SECONDS;
}

/** product.md 4 Login: 'On load, if both stored tokens exist and either has expired, the user is logged out.' */
export function shouldLogoutOnLoad(
  idToken: string | null | undefined,
  jwt: string | null | undefined,
  nowMs: number,
): boolean {
  return !!idToken && !!jwt && (isExpired(idToken, nowMs) || isExpired(jwt, nowMs));
}

/**
 * product.md 4 Login: 'The welcome modal shows if the account was created within the last 30 seconds.' A created time
 * slightly ahead of the local clock (server skew) also counts as new.
 */
export function isNewlyCreated(createdMs: number, nowMs: number): boolean {
  return Number.isFinite(createdMs) && Math.abs(nowMs - createdMs) <= NEW_ACCOUNT_WINDOW_SECONDS * 1000;
}

/** product.md 9: 'Token cookies (jwt, id token, task id, platform) expire after 2 days.' */
export function tokenCookieExpiresAtMs(nowMs: number): number {
  return nowMs + TOKEN_COOKIE_DAYS * 24 * 60 * 60 * 1000;
}

/** product.md 4 Logout / product.md 9: the stored values logout clears and the cookies that expire after 2 days. */
export const SESSION_STORAGE_KEYS = {
  idToken: 'id_token',
  jwt: 'jwt',
  platform: 'platform',
  taskId: 'task_id',
} as const;
