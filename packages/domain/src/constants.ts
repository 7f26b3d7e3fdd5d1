/**
 * Business constants and limits of product.md 9 (and the few timing numbers of point 4 that go with them).
 * Units are part of every name: `Ms`, `Seconds`, `Px`, `Days`, `Wei`.
 */

// product.md 9: 'Referral code: max 6 alphanumeric characters.'
export const REFERRAL_CODE_MAX_LENGTH = 6;

// product.md 9: 'Toast duration 3 seconds. Copy feedback: 1 second on the referral page, 2 seconds on the wallet.'
export const TOAST_DURATION_MS = 3000;
export const REFERRAL_COPY_FEEDBACK_MS = 1000;
export const WALLET_COPY_FEEDBACK_MS = 2000;

// product.md 9: 'Scroll snap (desktop only): animation 500 ms, throttle 100 ms, minimum scroll 30, navbar offset 58,
// snap delay 150 ms.'
export const SCROLL_SNAP = {
  animationMs: 500,
  throttleMs: 100,
  minScroll: 30,
  navbarOffset: 58,
  snapDelayMs: 150,
} as const;

// product.md 9: 'Hero car slide at 100 px scroll. Header login buttons after 300 px.'
const HERO_CAR_SLIDE_SCROLL_PX = 100;
export const HEADER_LOGIN_SCROLL_PX = 300;

/** product.md 2 Home: the hero car slides left once the page is scrolled 100 px or more. */
export function isHeroCarSlid(scrollYPx: number): boolean {
  return scrollYPx >= HERO_CAR_SLIDE_SCROLL_PX;
}

/** product.md 2 Home: the header login buttons appear after scrolling past 300 px. */
export function isHeaderLoginVisible(scrollYPx: number): boolean {
  return scrollYPx > HEADER_LOGIN_SCROLL_PX;
}

// product.md 9: 'Backers strip: 25 logos, scrolling 203 px every second.'
export const BACKERS = { logoCount: 25, pxPerSecond: 203 } as const;

// product.md 9: 'Linkable wallets: up to 2 plus the smart-account wallet.'
export const MAX_LINKED_WALLETS = 2;

// product.md 9: 'History page size 20, paged by offset. A page with fewer than the limit is the last one. USD conversion
// is done in chunks of 50, with 2 decimals. Scroll load threshold: 100 px for withdraw history, 50 px for token
// history. The history screen shows up to 100 records.'
export const HISTORY_PAGE_SIZE = 20;
export const USD_CONVERSION_CHUNK_SIZE = 50;
export const USD_DECIMALS = 2;
export const WITHDRAW_HISTORY_SCROLL_THRESHOLD_PX = 100;
export const TOKEN_HISTORY_SCROLL_THRESHOLD_PX = 50;
export const HISTORY_MAX_RECORDS = 100;

// product.md 7: point ledgers are fetched with limit 20.
export const POINT_LEDGER_PAGE_SIZE = 20;

// product.md 9: 'Amount input: at most 8 decimals and 8 integer digits. Handle length 4 to 15.'
export const AMOUNT_MAX_DECIMALS = 8;
export const AMOUNT_MAX_INTEGER_DIGITS = 8;
export const HANDLE_MIN_LENGTH = 4;
export const HANDLE_MAX_LENGTH = 15;

// product.md 9: 'Session key lifetime 86400 seconds, fee limit 0.01 ETH. Web login session 604800 seconds. Token cookies
// (jwt, id token, task id, platform) expire after 2 days. Tokens are renewed when less than 1200 seconds remain.'
export const SESSION_KEY_LIFETIME_SECONDS = 86_400;
/** 0.01 ETH in wei. */
export const SESSION_KEY_FEE_LIMIT_WEI = 10_000_000_000_000_000n;
export const WEB_LOGIN_SESSION_SECONDS = 604_800;
export const TOKEN_COOKIE_DAYS = 2;
export const TOKEN_RENEW_THRESHOLD_SECONDS = 1200;
/** product.md 4 Tasks: a verify error 100020 stores the task id and platform for 2 days. */
export const TASK_REDIRECT_STORAGE_DAYS = 2;

// product.md 9: 'A new account is flagged as created when created is within the last 30 seconds.'
export const NEW_ACCOUNT_WINDOW_SECONDS = 30;

// product.md 9: 'History refresh after send: 2 seconds. Asset refresh after buy: 3 seconds.'
export const HISTORY_REFRESH_AFTER_SEND_MS = 2000;
export const ASSET_REFRESH_AFTER_BUY_MS = 3000;

// product.md 9: 'Task ids: check-in 411010, play-game 411004; the special verify error task id 404006.'
export const CHECK_IN_TASK_ID = 411_010;
export const PLAY_GAME_TASK_ID = 411_004;
export const SPECIAL_VERIFY_ERROR_TASK_ID = 404_006;

// product.md 7: 'GET /v2/tasks/list with channel and position (channel 'pc', position 'ladder' is used)'.
export const TASK_LIST_QUERY = { channel: 'pc', position: 'ladder' } as const;

// product.md 9: 'Default chain id 11124. Balance asset ETH with 18 decimals.'
export const DEFAULT_CHAIN_ID = 11_124;
/** Brand defaults (configuration may override them; ARCHITECTURE.md (Parts and processes)). */
export const DEFAULT_PRODUCT_NAME = 'OJO Arena';
export const DEFAULT_ACCOUNT_PROVIDER_NAME = 'Arena Wallet';
export const BALANCE_ASSET = { symbol: 'ETH', decimals: 18 } as const;

// product.md 9: 'Withdraw history defaults: limit 20, from 0, a fixed start time.'
export const WITHDRAW_HISTORY_DEFAULTS = {
  limit: 20,
  from: 0,
  /** 2024-01-01T00:00:00Z: before the product existed, so every redeem is included. */
  startTimeMs: 1_704_067_200_000,
} as const;

// product.md 9: 'Environments: dev, beta, pre, prod (the build is fixed to prod).'
export type Environment = 'dev' | 'beta' | 'pre' | 'prod';

// product.md 9: 'A large-screen flag is set when width is over 768.'
const LARGE_SCREEN_MIN_EXCLUSIVE_PX = 768;
export function isLargeScreen(widthPx: number): boolean {
  return widthPx > LARGE_SCREEN_MIN_EXCLUSIVE_PX;
}

// product.md 2 Embedded game frame: the page sends initGameData with platform 'web'.
export const GAME_FRAME_PLATFORM = 'web';

// product.md 7: the login, web3auth-login and wallet-bind bodies carry these fixed defaults.
export const LOGIN_REQUEST_DEFAULTS = {
  platform: 'osp',
  walletType: 'abstract',
  thirdAuthSource: 'OSP',
  channel: 'OSP',
  autoRegister: true,
} as const;
export const WEB3AUTH_LOGIN_REQUEST_DEFAULTS = {
  ...LOGIN_REQUEST_DEFAULTS,
  walletType: 'evm',
  channel: 'WEB3AUTH',
  autoRegister: false,
} as const;
/** product.md 7 POST /customer/bind: the smart account an old user binds, with the smart-account login's values. */
export const BIND_REQUEST_DEFAULTS = {
  platform: LOGIN_REQUEST_DEFAULTS.platform,
  walletType: LOGIN_REQUEST_DEFAULTS.walletType,
  thirdAuthSource: LOGIN_REQUEST_DEFAULTS.thirdAuthSource,
  channel: LOGIN_REQUEST_DEFAULTS.channel,
} as const;
export const BIND_WALLET_REQUEST_DEFAULTS = {
  thirdAuthSource: 'EXTERNAL_WALLET',
  platform: 'others',
  walletType: 'EVM',
} as const;

// product.md 7: the claimable-count query.
export const CLAIMABLE_BADGES_QUERY = { status: 'CLAIMABLE', strategy: 'all' } as const;
export const CHECK_BADGE_BODY = { limitType: 'LIMIT' } as const;
export const MINT_BADGE_NFT_TYPE = 'badge';

// product.md 7: coin orders buy OJO with ETH.
export const COIN_ORDER_BASE = 'OJO';
export const COIN_ORDER_QUOTE = 'ETH';
