import { TOKEN_COOKIE_DAYS } from '@ojo/domain/constants';

/**
 * The session values the web app keeps in cookies (product.md 9: 'Token cookies (jwt, id token, task id, platform)
 * expire after 2 days').
 */
export const SESSION_COOKIES = {
  jwt: 'ojo_jwt',
  idToken: 'ojo_id_token',
  taskId: 'ojo_task_id',
  platform: 'ojo_platform',
} as const;

export type SessionKey = keyof typeof SESSION_COOKIES;

const SECONDS_PER_DAY = 86_400;
export const SESSION_COOKIE_MAX_AGE_SECONDS = TOKEN_COOKIE_DAYS * SECONDS_PER_DAY;

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

const changeListeners = new Set<() => void>();

/**
 * Calls `listener` after any session value is written or removed on this page (a login or logout: the auth store
 * writes through these functions). Answers the unsubscribe.
 */
export function onSessionChange(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  if (typeof document === 'undefined') return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the API client reads the jwt synchronously on every call; the async Cookie Store API is not in every browser.
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure}`;
  for (const listener of changeListeners) listener();
}

export function getSessionValue(key: SessionKey): string | undefined {
  const value = readCookie(SESSION_COOKIES[key]);
  return value === '' ? undefined : value;
}

/** Stores a session value for 2 days (product.md 9). */
export function setSessionValue(key: SessionKey, value: string): void {
  writeCookie(SESSION_COOKIES[key], value, SESSION_COOKIE_MAX_AGE_SECONDS);
}

export function removeSessionValue(key: SessionKey): void {
  writeCookie(SESSION_COOKIES[key], '', 0);
}

/** Logout: forgets every session cookie. */
export function clearSession(): void {
  for (const key of Object.keys(SESSION_COOKIES) as SessionKey[]) removeSessionValue(key);
}

export const getJwt = (): string | undefined => getSessionValue('jwt');
