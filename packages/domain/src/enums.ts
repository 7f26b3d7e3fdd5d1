/**
 * The enumerations of product.md 3 (and the few closed sets of points 2 and 4), as `as const` arrays with their
 * union types and type guards.
 */

/** True when `value` is one of `values`; narrows to the union. */
export function isOneOf<const T extends readonly unknown[]>(values: T, value: unknown): value is T[number] {
  return values.includes(value);
}

// product.md 3: 'Login providers: google, twitter, apple.'
export const LOGIN_PROVIDERS = ['google', 'twitter', 'apple'] as const;
export type LoginProvider = (typeof LOGIN_PROVIDERS)[number];

// product.md 3 User info: abstractAddress keyed by wallet type (includes an osp_aa entry).
export const SMART_ACCOUNT_WALLET_TYPE = 'osp_aa';

// product.md 3: 'Asset and point types: POINT, OJO.'
export const ASSET_TYPES = ['POINT', 'OJO'] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

// product.md 3: 'Source types: web (WEB), DOJO_DASH (others exist; unknown values fall back to web).'
export const SOURCE_TYPE = { WEB: 'web', DOJO_DASH: 'DOJO_DASH' } as const;
export const SOURCE_TYPES = [SOURCE_TYPE.WEB, SOURCE_TYPE.DOJO_DASH] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];
/** product.md 5 Other: 'The invite source type is used only if it is a known source type, otherwise web.' */
export function normalizeSourceType(value: unknown): SourceType {
  return isOneOf(SOURCE_TYPES, value) ? value : SOURCE_TYPE.WEB;
}

// product.md 3: 'Rule kinds: PRIZE_POOL, RANK.'
export const RULE_KINDS = ['PRIZE_POOL', 'RANK'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

// product.md 3: 'Tab/business types: points, ojo.'
export const BUSINESS_TYPES = ['points', 'ojo'] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

// product.md 3: 'Badge series: OnboardingBadge, DojoBadge, DojoDash, DailyDriver, SplashRoi, SplashTotalRoi, Hood,
// KyuTrainer.'
export const BADGE_SERIES = [
  'OnboardingBadge',
  'DojoBadge',
  'DojoDash',
  'DailyDriver',
  'SplashRoi',
  'SplashTotalRoi',
  'Hood',
  'KyuTrainer',
] as const;
export type BadgeSeries = (typeof BADGE_SERIES)[number];

// product.md 3: 'Reward or ladder states: up, down, keep, promotion.'
export const LADDER_STATES = ['up', 'down', 'keep', 'promotion'] as const;
export type LadderState = (typeof LADDER_STATES)[number];

// product.md 3: 'Season states: closing, open, closed.'
export const SEASON_STATES = ['closing', 'open', 'closed'] as const;
export type SeasonState = (typeof SEASON_STATES)[number];

// product.md 3: 'Order states: created, approved, done, cancelled, system_cancelled, rejected.'
export const ORDER_STATES = [
  'created',
  'approved',
  'done',
  'cancelled',
  'system_cancelled',
  'rejected',
] as const;

// product.md 3: 'Claim states: UN_CLAIMED, CLAIMED.'
export const CLAIM_STATES = ['UN_CLAIMED', 'CLAIMED'] as const;

// product.md 3: 'Allow types: NO, GTD, FCFS.'
export const ALLOW_TYPES = ['NO', 'GTD', 'FCFS'] as const;

// product.md 3: 'Badge categories: LEADER_BOARD, EARLY_BIRD, ADMIN.'
export const BADGE_CATEGORIES = ['LEADER_BOARD', 'EARLY_BIRD', 'ADMIN'] as const;

// product.md 3: 'Sync states: UNSYNC, SYNCING, SYNCED.'
export const SYNC_STATES = ['UNSYNC', 'SYNCING', 'SYNCED'] as const;
export type SyncState = (typeof SYNC_STATES)[number];

// product.md 3: 'Withdraw and transaction states: PENDING, FINISHED, FAILED.'
export const TX_STATES = ['PENDING', 'FINISHED', 'FAILED'] as const;

// product.md 3 Task: 'Task domains: social, discord, twitter, wallet, telegram.'
export const TASK_DOMAINS = ['social', 'discord', 'twitter', 'wallet', 'telegram'] as const;
export type TaskDomain = (typeof TASK_DOMAINS)[number];

// product.md 3 Badge entry: 'status (pending, claimable, claimed)'.
export const BADGE_STATUSES = ['pending', 'claimable', 'claimed'] as const;
export type BadgeStatus = (typeof BADGE_STATUSES)[number];

// product.md 3 Token history item: 'side (in or out)'.
export const HISTORY_SIDES = ['in', 'out'] as const;
export type HistorySide = (typeof HISTORY_SIDES)[number];

// product.md 4 Smart-account session key: 'Status codes: NotInitialized 0, Active 1, Closed 2, Expired 3.'
export const SESSION_KEY_STATUS = { NotInitialized: 0, Active: 1, Closed: 2, Expired: 3 } as const;
export type SessionKeyStatus = (typeof SESSION_KEY_STATUS)[keyof typeof SESSION_KEY_STATUS];

// product.md 2 Embedded game frame: actions, popup kinds and update keys.
export const FRAME_ACTIONS = ['navigate', 'back', 'post', 'popup', 'update', 'permission'] as const;
export type FrameAction = (typeof FRAME_ACTIONS)[number];
export const FRAME_POPUP_KINDS = ['invite', 'gameTask', 'checkIn'] as const;
export type FramePopupKind = (typeof FRAME_POPUP_KINDS)[number];
export const FRAME_UPDATE_KEYS = ['STOP_LOADING', 'SHARE_RACE', 'SHARE_SPLASH'] as const;
/** product.md 2: 'After load the page sends the frame an initGameData message'. */
export const FRAME_INIT_MESSAGE = 'initGameData';

// product.md 2: 'Frame route names map to the routes above: task, game, coin, ojoTickets, pointsTickets, ojoPrizePool,
// pointPrizePool, ranks, badge, withdraw.'
export const FRAME_ROUTE_NAMES = [
  'task',
  'game',
  'coin',
  'ojoTickets',
  'pointsTickets',
  'ojoPrizePool',
  'pointPrizePool',
  'ranks',
  'badge',
  'withdraw',
] as const;
export type FrameRouteName = (typeof FRAME_ROUTE_NAMES)[number];
