import { describe, expect, it } from 'vitest';
import { isSessionKeyUsable, sessionKeyExpiresAtSeconds } from './session-key';

describe("product.md 4 Session key: 'An invalid session is recreated. In the dev environment an uninitialised one counts as valid.'", () => {
  it('accepts Active everywhere and NotInitialized only in dev', () => {
    expect(isSessionKeyUsable(1, 'prod')).toBe(true);
    expect(isSessionKeyUsable(0, 'prod')).toBe(false);
    expect(isSessionKeyUsable(0, 'dev')).toBe(true);
    expect(isSessionKeyUsable(2, 'dev')).toBe(false);
    expect(isSessionKeyUsable(3, 'beta')).toBe(false);
  });
  it("'a 24-hour expiry'", () => {
    expect(sessionKeyExpiresAtSeconds(1_000_000_500)).toBe(1_000_000 + 86_400);
  });
});
