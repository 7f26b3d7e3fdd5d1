import { describe, expect, it } from 'vitest';
import {
  BACKERS,
  BALANCE_ASSET,
  BREAKPOINTS_PX,
  CHECK_IN_TASK_ID,
  DEFAULT_CHAIN_ID,
  HISTORY_MAX_RECORDS,
  HISTORY_PAGE_SIZE,
  isDevEnvironment,
  isHeaderLoginVisible,
  isHeroCarSlid,
  isLargeScreen,
  NEW_ACCOUNT_WINDOW_SECONDS,
  PLAY_GAME_TASK_ID,
  pickSplashShareImageIndex,
  REFERRAL_COPY_FEEDBACK_MS,
  SCROLL_SNAP,
  SESSION_KEY_FEE_LIMIT_WEI,
  SESSION_KEY_LIFETIME_SECONDS,
  SPECIAL_VERIFY_ERROR_TASK_ID,
  TOAST_DURATION_MS,
  TOKEN_COOKIE_DAYS,
  TOKEN_RENEW_THRESHOLD_SECONDS,
  USD_CONVERSION_CHUNK_SIZE,
  usesTestExplorer,
  WALLET_COPY_FEEDBACK_MS,
  WEB_LOGIN_SESSION_SECONDS,
  WITHDRAW_HISTORY_DEFAULTS,
} from './constants';

describe('spec 9 Business constants and limits', () => {
  it("'Toast duration 3 seconds. Copy feedback: 1 second on the referral page, 2 seconds on the wallet.'", () => {
    expect(TOAST_DURATION_MS).toBe(3000);
    expect(REFERRAL_COPY_FEEDBACK_MS).toBe(1000);
    expect(WALLET_COPY_FEEDBACK_MS).toBe(2000);
  });

  it("'Scroll snap: animation 500 ms, throttle 100 ms, minimum scroll 30, navbar offset 58, snap delay 150 ms.'", () => {
    expect(SCROLL_SNAP).toEqual({
      animationMs: 500,
      throttleMs: 100,
      minScroll: 30,
      navbarOffset: 58,
      snapDelayMs: 150,
    });
  });

  it("'Hero car slide at 100 px scroll. Header login buttons after 300 px.'", () => {
    expect(isHeroCarSlid(99)).toBe(false);
    expect(isHeroCarSlid(100)).toBe(true);
    expect(isHeaderLoginVisible(300)).toBe(false);
    expect(isHeaderLoginVisible(301)).toBe(true);
  });

  it("'Backers strip: 25 logos, scrolling 203 px every second.'", () => {
    expect(BACKERS).toEqual({ logoCount: 25, pxPerSecond: 203 });
  });

  it("'History page size 20 ... chunks of 50 ... up to 100 records'; withdraw history defaults", () => {
    expect(HISTORY_PAGE_SIZE).toBe(20);
    expect(USD_CONVERSION_CHUNK_SIZE).toBe(50);
    expect(HISTORY_MAX_RECORDS).toBe(100);
    expect(WITHDRAW_HISTORY_DEFAULTS.limit).toBe(20);
    expect(WITHDRAW_HISTORY_DEFAULTS.from).toBe(0);
  });

  it("'Session key lifetime 86400 seconds, fee limit 0.01 ETH. Web login session 604800 seconds ... 2 days ... 1200 seconds'", () => {
    expect(SESSION_KEY_LIFETIME_SECONDS).toBe(86_400);
    expect(SESSION_KEY_FEE_LIMIT_WEI).toBe(10n ** 18n / 100n);
    expect(WEB_LOGIN_SESSION_SECONDS).toBe(7 * 24 * 3600);
    expect(TOKEN_COOKIE_DAYS).toBe(2);
    expect(TOKEN_RENEW_THRESHOLD_SECONDS).toBe(1200);
    expect(NEW_ACCOUNT_WINDOW_SECONDS).toBe(30);
  });

  it("'Task ids: check-in 411010, play-game 411004; the special verify error task id 404006.'", () => {
    expect([CHECK_IN_TASK_ID, PLAY_GAME_TASK_ID, SPECIAL_VERIFY_ERROR_TASK_ID]).toEqual([
      411010, 411004, 404006,
    ]);
  });

  it("'Default chain id 11124. Balance asset ETH with 18 decimals.'", () => {
    expect(DEFAULT_CHAIN_ID).toBe(0x2b74);
    expect(BALANCE_ASSET).toEqual({ symbol: 'ETH', decimals: 18 });
  });

  it("'The explorer is a test explorer for dev and beta.'", () => {
    expect(usesTestExplorer('dev')).toBe(true);
    expect(usesTestExplorer('beta')).toBe(true);
    expect(usesTestExplorer('pre')).toBe(false);
    expect(usesTestExplorer('prod')).toBe(false);
    expect(isDevEnvironment('dev')).toBe(true);
    expect(isDevEnvironment('prod')).toBe(false);
  });

  it("'A random image index 1 to 3 is used in splash share links.'", () => {
    expect(pickSplashShareImageIndex(0)).toBe(1);
    expect(pickSplashShareImageIndex(0.5)).toBe(2);
    expect(pickSplashShareImageIndex(0.9999)).toBe(3);
    expect(pickSplashShareImageIndex(1)).toBe(3);
    expect(pickSplashShareImageIndex(-1)).toBe(1);
    expect(pickSplashShareImageIndex(Number.NaN)).toBe(1);
  });

  it("'Responsive breakpoints: xs 390, sm 640, md 768, lg 1024, xl 1280, 2xl 1536, 3xl 1700 px. A large-screen flag is set when width is over 768.'", () => {
    expect(BREAKPOINTS_PX).toEqual({
      xs: 390,
      sm: 640,
      md: 768,
      lg: 1024,
      xl: 1280,
      '2xl': 1536,
      '3xl': 1700,
    });
    expect(isLargeScreen(768)).toBe(false);
    expect(isLargeScreen(769)).toBe(true);
  });
});
