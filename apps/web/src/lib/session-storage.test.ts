import { afterEach, describe, expect, it } from 'vitest';
import {
  clearSession,
  getJwt,
  getSessionValue,
  removeSessionValue,
  SESSION_COOKIE_MAX_AGE_SECONDS,
  SESSION_COOKIES,
  setSessionValue,
} from './session-storage';

describe('session cookies', () => {
  afterEach(() => clearSession());

  it('keeps the token cookies for 2 days (product.md 9)', () => {
    expect(SESSION_COOKIE_MAX_AGE_SECONDS).toBe(2 * 24 * 60 * 60);
  });

  it('stores and reads back each value, including characters that need encoding', () => {
    setSessionValue('jwt', 'a.b.c');
    setSessionValue('idToken', 'x=y; z');
    setSessionValue('taskId', '404006');
    setSessionValue('platform', 'twitter');
    expect(getJwt()).toBe('a.b.c');
    expect(getSessionValue('idToken')).toBe('x=y; z');
    expect(getSessionValue('taskId')).toBe('404006');
    expect(getSessionValue('platform')).toBe('twitter');
    expect(document.cookie).toContain(`${SESSION_COOKIES.jwt}=a.b.c`);
  });

  it('removes one value or the whole session', () => {
    setSessionValue('jwt', 'token');
    setSessionValue('taskId', '1');
    removeSessionValue('taskId');
    expect(getSessionValue('taskId')).toBeUndefined();
    expect(getJwt()).toBe('token');
    clearSession();
    expect(getJwt()).toBeUndefined();
  });

  it('does not confuse a cookie whose name ends like ours', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: a foreign cookie the helpers must not mistake for theirs.
    document.cookie = `x${SESSION_COOKIES.jwt}=other; Path=/`;
    expect(getJwt()).toBeUndefined();
    // biome-ignore lint/suspicious/noDocumentCookie: removes the foreign cookie again.
    document.cookie = `x${SESSION_COOKIES.jwt}=; Max-Age=0; Path=/`;
  });
});
