import { describe, expect, it } from 'vitest';
import {
  isHeaderLoginVisible,
  isHeroCarSlid,
  isLargeScreen,
  SESSION_KEY_FEE_LIMIT_WEI,
  WEB_LOGIN_SESSION_SECONDS,
} from './constants';

describe('product.md 9 Business constants and limits', () => {
  it("'Hero car slide at 100 px scroll. Header login buttons after 300 px.'", () => {
    expect(isHeroCarSlid(99)).toBe(false);
    expect(isHeroCarSlid(100)).toBe(true);
    expect(isHeaderLoginVisible(300)).toBe(false);
    expect(isHeaderLoginVisible(301)).toBe(true);
  });

  it("'Session key ... fee limit 0.01 ETH. Web login session 604800 seconds': in wei, and a week", () => {
    expect(SESSION_KEY_FEE_LIMIT_WEI).toBe(10n ** 18n / 100n);
    expect(WEB_LOGIN_SESSION_SECONDS).toBe(7 * 24 * 3600);
  });

  it("'A large-screen flag is set when width is over 768.'", () => {
    expect(isLargeScreen(768)).toBe(false);
    expect(isLargeScreen(769)).toBe(true);
  });
});
