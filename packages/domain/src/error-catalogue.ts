import { ERROR_CODES, MSG_KEYS } from './error-codes';
import {
  BADGE_TEXT,
  BUY_OJO_TEXT,
  fillTemplate,
  LOGIN_TEXT,
  PROFILE_TEXT,
  REDEEM_TEXT,
  REFERRAL_TEXT,
  TASK_TEXT,
  WALLET_BIND_TEXT,
  WALLET_TEXT,
} from './messages';

/**
 * The error catalogue (issue 9 item 7): every code and msgKey the API sends, by module, with the text the web shows
 * for it. The API's module errors.ts files take their codes and msgKeys from here (adding the HTTP status); the web
 * shows `errorTextOf(msgKey)`. Texts with `{name}` placeholders are filled with `fillTemplate`. A test in apps/api
 * (test/error-catalogue.test.ts) fails when the API's source names a msgKey that is not here.
 */
export interface ErrorEntry {
  readonly code: string;
  readonly msgKey: string;
  /** What the player reads (the spec's words where spec 8 has a row). */
  readonly text: string;
}

const entries = <T extends Record<string, ErrorEntry>>(group: T): T => group;

/** spec 8 task verify rows (the tasks module). */
export const TASK_ERRORS = entries({
  /** 100020: the platform is not connected; the page sends the player to `connectUrl` and resumes on return. */
  needsConnect: {
    code: ERROR_CODES.TASK_NEEDS_CONNECT,
    msgKey: 'task.platform.not.connected',
    text: TASK_TEXT.verifyFailedDelayed('{platform}'),
  },
  /** 100023: the platform account is bound to another player. */
  boundElsewhere: {
    code: ERROR_CODES.TASK_PLATFORM_BOUND_ELSEWHERE,
    msgKey: 'task.platform.bound.elsewhere',
    text: TASK_TEXT.platformBoundElsewhere('{platform}'),
  },
  /** 100028: the platform did not answer (or answered 5xx/429), or the player verifies too often. */
  serviceBusy: {
    code: ERROR_CODES.TASK_SERVICE_BUSY,
    msgKey: 'task.service.busy',
    text: TASK_TEXT.serviceBusy,
  },
  /** 404006: the task is not offered (any more); the page refreshes its list. */
  unavailable: {
    code: ERROR_CODES.TASK_UNAVAILABLE,
    msgKey: 'task.unavailable',
    text: TASK_TEXT.verifyFailedRetry30s,
  },
  /** The platform answered and the task is not done yet (spec 8 'other'; osp_profile_create by its code). */
  notMet: { code: 'TASK_NOT_MET', msgKey: 'task.not.met', text: TASK_TEXT.verifyFailedDelayed('{platform}') },
  needsVerify: {
    code: 'TASK_NEEDS_VERIFY',
    msgKey: 'task.needs.verify',
    text: 'This task is checked with its platform: verify it',
  },
  notXPost: { code: 'TASK_NOT_X_POST', msgKey: 'task.not.x.post', text: 'This task asks for no post on X' },
  socialStateInvalid: {
    code: 'SOCIAL_STATE_INVALID',
    msgKey: 'social.state.invalid',
    text: 'The connection expired, please try again',
  },
});

/** POST /contract/gas/policy refusals (the gas module); the wallet popup shows the text. */
export const GAS_ERRORS = entries({
  noSmartAccount: {
    code: 'GAS_NO_SMART_ACCOUNT',
    msgKey: 'gas.smart.account.required',
    text: 'Only your smart account can send sponsored transactions.',
  },
  senderNotAllowed: {
    code: 'GAS_SENDER_NOT_ALLOWED',
    msgKey: 'gas.sender.not.allowed',
    text: 'This transaction must come from your own account.',
  },
  senderNotProductAccount: {
    code: 'GAS_SENDER_NOT_PRODUCT_ACCOUNT',
    msgKey: 'gas.sender.not.product.account',
    text: 'This account cannot send sponsored transactions.',
  },
  callNotAllowed: {
    code: 'GAS_CALL_NOT_ALLOWED',
    msgKey: 'gas.call.not.allowed',
    text: 'This transaction is not one we can sponsor.',
  },
  factoryNotAllowed: {
    code: 'GAS_FACTORY_NOT_ALLOWED',
    msgKey: 'gas.factory.not.allowed',
    text: 'This account cannot be created with sponsored gas.',
  },
  limitExceeded: {
    code: 'GAS_LIMIT_EXCEEDED',
    msgKey: 'gas.cost.too.high',
    text: 'This transaction costs more gas than we sponsor.',
  },
  feeTooHigh: {
    code: 'GAS_FEE_TOO_HIGH',
    msgKey: 'gas.fee.too.high',
    text: 'Network fees are too high right now. Please try again later.',
  },
  estimateFailed: {
    code: 'GAS_ESTIMATE_FAILED',
    msgKey: 'gas.estimate.failed',
    text: 'This transaction would fail. Please check it and try again.',
  },
  priceUnavailable: {
    code: 'GAS_PRICE_UNAVAILABLE',
    msgKey: 'gas.price.unavailable',
    text: 'The network is not answering. Please try again later.',
  },
  bundlerUnavailable: {
    code: 'GAS_BUNDLER_UNAVAILABLE',
    msgKey: 'gas.bundler.unavailable',
    text: 'The network is not answering. Please try again later.',
  },
  dailyLimit: {
    code: 'GAS_DAILY_LIMIT',
    msgKey: 'gas.daily.limit',
    text: "You have used today's free transactions. Please try again tomorrow.",
  },
  tooManyPending: {
    code: 'GAS_TOO_MANY_PENDING',
    msgKey: 'gas.pending.limit',
    text: 'Please wait until your earlier transactions are confirmed.',
  },
  dailyBudget: {
    code: 'GAS_DAILY_BUDGET',
    msgKey: 'gas.daily.budget',
    text: 'Free transactions are paused for today. Please try again tomorrow.',
  },
  accountBudget: {
    code: 'GAS_ACCOUNT_BUDGET',
    msgKey: 'gas.account.budget',
    text: "Your account has used today's share of free transactions. Please try again tomorrow.",
  },
  clientBudget: {
    code: 'GAS_CLIENT_BUDGET',
    msgKey: 'gas.client.budget',
    text: "Your network has used today's share of free transactions. Please try again tomorrow.",
  },
  profileRequired: {
    code: 'GAS_PROFILE_REQUIRED',
    msgKey: 'gas.profile.required',
    text: 'Create your profile before sending sponsored transactions.',
  },
  sessionKeyPolicy: {
    code: 'GAS_SESSION_KEY_POLICY',
    msgKey: 'gas.session.key.policy',
    text: 'Only the badge session key can be added with sponsored gas.',
  },
  sessionKeyActive: {
    code: 'GAS_SESSION_KEY_ACTIVE',
    msgKey: 'gas.session.key.active',
    text: 'Your account already has an active session key.',
  },
  sessionKeyNotActive: {
    code: 'GAS_SESSION_KEY_NOT_ACTIVE',
    msgKey: 'gas.session.key.not.active',
    text: 'This session key is not active on your account.',
  },
  tooManyCalls: {
    code: 'GAS_TOO_MANY_CALLS',
    msgKey: 'gas.too.many.calls',
    text: 'This transaction has more calls than we sponsor at once.',
  },
});

/** The profile module (spec 5 handle, spec 8 HANDLE_TAKEN). */
export const PROFILE_ERRORS = entries({
  handleInvalid: { code: 'HANDLE_INVALID', msgKey: 'profile.handle.invalid', text: PROFILE_TEXT.handleError },
  handleReserved: {
    code: 'HANDLE_RESERVED',
    msgKey: 'profile.handle.reserved',
    text: PROFILE_TEXT.handleNotAvailable,
  },
  handleTaken: {
    code: ERROR_CODES.HANDLE_TAKEN,
    msgKey: ERROR_CODES.HANDLE_TAKEN,
    text: PROFILE_TEXT.handleTaken,
  },
  smartAccountRequired: {
    code: 'SMART_ACCOUNT_REQUIRED',
    msgKey: 'profile.smart.account.required',
    text: 'Bind a smart account before creating a profile',
  },
  profileExists: { code: 'PROFILE_EXISTS', msgKey: 'profile.exists', text: PROFILE_TEXT.alreadyCreated },
  dailyLimit: {
    code: 'PROFILE_DAILY_LIMIT',
    msgKey: 'profile.daily.limit',
    text: 'Too many profiles were created today. Please try again tomorrow.',
  },
  gasBudget: {
    code: 'PROFILE_GAS_BUDGET',
    msgKey: 'profile.gas.budget',
    text: 'Profile creation is paused for today. Please try again tomorrow.',
  },
  clientDailyLimit: {
    code: 'PROFILE_CLIENT_DAILY_LIMIT',
    msgKey: 'profile.client.daily.limit',
    text: 'Too many profiles were created from your network today. Please try again tomorrow.',
  },
});

/** The check-in, member and wallet modules. */
export const CHECK_IN_ERRORS = entries({
  unavailable: { code: 'CHECKIN_UNAVAILABLE', msgKey: 'checkin.unavailable', text: TASK_TEXT.checkInFailed },
});
export const MEMBER_ERRORS = entries({
  forbidden: {
    code: 'MEMBER_FORBIDDEN',
    msgKey: 'member.forbidden',
    text: 'A player can read only their own points and assets',
  },
});
export const WALLET_ERRORS = entries({
  priceUnavailable: {
    code: 'PRICE_UNAVAILABLE',
    msgKey: 'wallet.price.unavailable',
    text: WALLET_TEXT.tokenPriceFailed('{symbol}'),
  },
  unknownSymbol: {
    code: 'NOT_FOUND',
    msgKey: 'wallet.price.unknown.symbol',
    text: WALLET_TEXT.tokenPriceFailed('{symbol}'),
  },
  smartAccountRequired: {
    code: 'SMART_ACCOUNT_REQUIRED',
    msgKey: 'wallet.smart.account.required',
    text: 'Bind a smart account first',
  },
  faucetBusy: {
    code: 'SERVICE_UNAVAILABLE',
    msgKey: 'wallet.faucet.busy',
    text: 'The faucet is busy, try again',
  },
});

/** The coin module (spec 5 Buy OJO and Redeem, spec 8 cancel-redeem rows). */
export const COIN_ERRORS = entries({
  priceUnavailable: {
    code: 'COIN_PRICE_UNAVAILABLE',
    msgKey: 'coin.price.unavailable',
    text: 'The ETH price is not available now',
  },
  belowMinimum: {
    code: 'BAD_REQUEST',
    msgKey: 'coin.order.below.min',
    text: BUY_OJO_TEXT.minimumAmount('{min}'),
  },
  aboveMaximum: {
    code: 'BAD_REQUEST',
    msgKey: 'coin.order.above.max',
    text: BUY_OJO_TEXT.maximumAmount('{max}'),
  },
  tooManyOpenOrders: {
    code: 'COIN_TOO_MANY_OPEN_ORDERS',
    msgKey: 'coin.order.too.many.open',
    text: 'Too many unpaid orders: pay or cancel one in your purchase history, or wait for its quote to run out',
  },
  orderNotFound: {
    code: 'COIN_ORDER_NOT_FOUND',
    msgKey: 'coin.order.not.found',
    text: 'Order not found, please refresh the page',
  },
  orderNotCancellable: {
    code: 'COIN_ORDER_NOT_CANCELLABLE',
    msgKey: 'coin.order.not.cancellable',
    text: 'This order is paid or closed already and cannot be cancelled',
  },
  notConfigured: {
    code: 'SERVICE_UNAVAILABLE',
    msgKey: 'coin.not.configured',
    text: 'Buying OJO is not available',
  },
  withdrawBelowMin: {
    code: 'WITHDRAW_BELOW_MIN',
    msgKey: 'coin.withdraw.below.min',
    text: REDEEM_TEXT.minRedeem('{min}'),
  },
  withdrawDailyReached: {
    code: 'WITHDRAW_DAILY_REACHED',
    msgKey: 'coin.withdraw.daily.reached',
    text: REDEEM_TEXT.maxReachedToday,
  },
  withdrawTradeLimit: {
    code: 'WITHDRAW_TRADE_LIMIT',
    msgKey: 'coin.withdraw.trade.limit',
    text: REDEEM_TEXT.requireTotalBet('{n}'),
  },
  withdrawBalance: {
    code: 'WITHDRAW_INSUFFICIENT_BALANCE',
    msgKey: 'coin.withdraw.balance',
    text: REDEEM_TEXT.insufficientBalance,
  },
  withdrawAboveMax: {
    code: 'WITHDRAW_ABOVE_MAX',
    msgKey: 'coin.withdraw.above.max',
    text: REDEEM_TEXT.maxRedeem('{n}'),
  },
  withdrawTooSmall: {
    code: 'WITHDRAW_TOO_SMALL',
    msgKey: 'coin.withdraw.too.small',
    text: 'This amount redeems for nothing',
  },
  withdrawNotFound: {
    code: ERROR_CODES.ORDER_NOT_FOUND,
    msgKey: 'coin.withdraw.not.found',
    text: REDEEM_TEXT.orderNotFound,
  },
  withdrawNotCancellable: {
    code: '1110',
    msgKey: 'coin.withdraw.not.cancellable',
    text: REDEEM_TEXT.cancelFailed,
  },
});

/** The game module (coin-race bets). */
export const GAME_ERRORS = entries({
  betRevision: {
    code: 'GAME_BET_REVISION',
    msgKey: 'game.bet.revision',
    text: 'This bet changed meanwhile; refresh and try again.',
  },
  betWithdrawn: { code: 'GAME_BET_WITHDRAWN', msgKey: 'game.bet.withdrawn', text: 'This bet was withdrawn.' },
  seasonNotSettled: {
    code: 'GAME_SEASON_NOT_SETTLED',
    msgKey: 'game.season.notSettled',
    text: 'The season is not settled yet.',
  },
});

/** spec 8 wallet-bind rows (the linked-wallet module). */
export const WALLET_BIND_ERRORS = entries({
  failed: {
    code: ERROR_CODES.WALLET_BIND_FAILED,
    msgKey: 'wallet.bind.failed',
    text: WALLET_BIND_TEXT.somethingWrong,
  },
  boundElsewhere: {
    code: ERROR_CODES.WALLET_BOUND_TO_ANOTHER_ACCOUNT,
    msgKey: 'wallet.bind.bound.elsewhere',
    text: WALLET_BIND_TEXT.boundToAnotherAccount,
  },
  limit: {
    code: ERROR_CODES.WALLET_ALREADY_BOUND_OTHER,
    msgKey: 'wallet.bind.limit',
    text: WALLET_BIND_TEXT.alreadyBoundOther,
  },
  /** The wallet of that kind (partner NFT or partner token) is already set: linking is locked once set. */
  kindLocked: {
    code: ERROR_CODES.WALLET_ALREADY_BOUND_OTHER,
    msgKey: 'wallet.bind.kind.locked',
    text: WALLET_BIND_TEXT.alreadyBoundOther,
  },
});

/** Sign-in: the identity, user and session modules (spec 8 login and bind rows). */
export const SIGN_IN_ERRORS = entries({
  siweMessageInvalid: {
    code: 'SIWE_REFUSED',
    msgKey: 'siwe.message.invalid',
    text: LOGIN_TEXT.authorizationFailed,
  },
  siweDomainMismatch: {
    code: 'SIWE_REFUSED',
    msgKey: 'siwe.domain.mismatch',
    text: LOGIN_TEXT.authorizationFailed,
  },
  siweUriMismatch: {
    code: 'SIWE_REFUSED',
    msgKey: 'siwe.uri.mismatch',
    text: LOGIN_TEXT.authorizationFailed,
  },
  siweChainMismatch: {
    code: 'SIWE_REFUSED',
    msgKey: 'siwe.chain.mismatch',
    text: LOGIN_TEXT.authorizationFailed,
  },
  siweIssuedAtInvalid: {
    code: 'SIWE_REFUSED',
    msgKey: 'siwe.issued.at.invalid',
    text: LOGIN_TEXT.authorizationFailed,
  },
  siweExpirationRequired: {
    code: 'SIWE_REFUSED',
    msgKey: 'siwe.expiration.required',
    text: LOGIN_TEXT.authorizationFailed,
  },
  siweExpired: { code: 'SIWE_REFUSED', msgKey: 'siwe.expired', text: LOGIN_TEXT.authorizationFailed },
  siweNotYetValid: {
    code: 'SIWE_REFUSED',
    msgKey: 'siwe.not.yet.valid',
    text: LOGIN_TEXT.authorizationFailed,
  },
  siweNonceInvalid: {
    code: 'SIWE_REFUSED',
    msgKey: 'siwe.nonce.invalid',
    text: LOGIN_TEXT.authorizationFailed,
  },
  siweSignatureInvalid: {
    code: 'SIWE_REFUSED',
    msgKey: 'siwe.signature.invalid',
    text: LOGIN_TEXT.authorizationFailed,
  },
  siweAccountNotProduct: {
    code: 'SIWE_REFUSED',
    msgKey: 'siwe.account.not.product',
    text: LOGIN_TEXT.authorizationFailed,
  },
  idTokenInvalid: {
    code: 'UNAUTHORIZED',
    msgKey: 'identity.token.invalid',
    text: LOGIN_TEXT.authorizationFailed,
  },
  idTokenSessionExpired: {
    code: 'UNAUTHORIZED',
    msgKey: 'identity.session.expired',
    text: 'This sign-in has ended; sign in again',
  },
  idTokenSubjectMismatch: {
    code: 'UNAUTHORIZED',
    msgKey: 'identity.subject.mismatch',
    text: LOGIN_TEXT.authorizationFailed,
  },
  userNotFound: {
    code: 'CUSTOMER_NOT_FOUND',
    msgKey: 'customer.not.found',
    text: LOGIN_TEXT.authorizationFailed,
  },
  alreadyBound: { code: 'ALREADY_BOUND', msgKey: 'customer.already.binded', text: LOGIN_TEXT.bindFailed },
  publicKeyAlreadyBound: {
    code: 'PUBLIC_KEY_ALREADY_BOUND',
    msgKey: MSG_KEYS.PUBLIC_KEY_ALREADY_BOUND,
    text: LOGIN_TEXT.publicKeyAlreadyBound,
  },
  sessionEnded: {
    code: 'UNAUTHORIZED',
    msgKey: 'auth.session.ended',
    text: 'This sign-in has ended; sign in again',
  },
});

/** What any call may answer (the transport layer: validation, auth, rate limits, the chain, bugs). */
export const TRANSPORT_ERRORS = entries({
  badRequest: {
    code: 'BAD_REQUEST',
    msgKey: 'request.invalid',
    text: 'Oops...Something went wrong. Please try again.',
  },
  unauthorized: { code: 'UNAUTHORIZED', msgKey: 'auth.unauthorized', text: 'Please log in again.' },
  notFound: { code: 'NOT_FOUND', msgKey: 'request.not.found', text: 'Not found.' },
  rateLimited: {
    code: 'TOO_MANY_REQUESTS',
    msgKey: 'request.rate.limited',
    text: 'Service is currently busy, please give it another shot later.',
  },
  saasIdMissing: {
    code: 'BAD_REQUEST',
    msgKey: 'saas.id.missing',
    text: 'Oops...Something went wrong. Please try again.',
  },
  saasIdUnknown: {
    code: 'BAD_REQUEST',
    msgKey: 'saas.id.unknown',
    text: 'Oops...Something went wrong. Please try again.',
  },
  chainUnavailable: {
    code: 'SERVICE_UNAVAILABLE',
    msgKey: 'chain.unavailable',
    text: 'The network is not answering. Please try again later.',
  },
  chainNotDeployed: {
    code: 'SERVICE_UNAVAILABLE',
    msgKey: 'chain.not.deployed',
    text: 'The network is not answering. Please try again later.',
  },
  bundlerUnavailable: {
    code: 'SERVICE_UNAVAILABLE',
    msgKey: 'bundler.unavailable',
    text: 'The network is not answering. Please try again later.',
  },
  /** Two moves of one balance at once, the later one no longer covered (any module's ledger debit). */
  balanceInsufficient: {
    code: 'BALANCE_INSUFFICIENT',
    msgKey: 'ledger.balance.insufficient',
    text: 'Your balance does not cover this',
  },
  systemError: {
    code: 'INTERNAL_ERROR',
    msgKey: 'system.error',
    text: 'Oops...Something went wrong. Please try again.',
  },
  /** spec 8 'Invite code check fails': the check's verdict (success false), shown as 'Invalid referral code'. */
  invalidReferralCode: {
    code: 'INVALID_CODE',
    msgKey: REFERRAL_TEXT.invalidCode,
    text: REFERRAL_TEXT.invalidReferralCode,
  },
});

/** The badge module (spec 8 badge rows where the spec has one). */
export const BADGE_ERRORS = entries({
  notFound: { code: 'BADGE_NOT_FOUND', msgKey: 'badge.not.found', text: 'No such badge' },
  notClaimable: {
    code: 'BADGE_NOT_CLAIMABLE',
    msgKey: 'badge.not.claimable',
    text: BADGE_TEXT.claimBadgeFailed,
  },
  signerUnavailable: {
    code: 'BADGE_SIGNER_UNAVAILABLE',
    msgKey: 'badge.signer.unavailable',
    text: BADGE_TEXT.claimFailed,
  },
  notOwnAccount: {
    code: 'BADGE_NOT_OWN_ACCOUNT',
    msgKey: 'badge.account.not.own',
    text: BADGE_TEXT.claimBadgesFailed,
  },
  notOwnWallet: {
    code: 'BADGE_NOT_OWN_WALLET',
    msgKey: 'badge.wallet.not.own',
    text: 'Only your own wallets get partner assets',
  },
  faucetBusy: {
    code: 'BADGE_FAUCET_BUSY',
    msgKey: 'badge.faucet.busy',
    text: 'The faucet is busy, try again',
  },
  /** A first-come badge (FCFS, a limited supply) waits for the claimant's real activity (DESIGN.md 11). */
  activityRequired: {
    code: 'BADGE_ACTIVITY_REQUIRED',
    msgKey: 'badge.activity.required',
    text: BADGE_TEXT.activityRequired,
  },
});

/** Free rewards (DESIGN.md 11): OJO from a free source stays locked until its conditions are met. */
export const FREE_REWARD_ERRORS = entries({
  freeOjoLocked: {
    code: 'FREE_OJO_LOCKED',
    msgKey: 'coin.withdraw.free.locked',
    text: REDEEM_TEXT.freeOjoLocked,
  },
});

/** Every entry, by msgKey (one text per msgKey; codes may repeat across msgKeys). */
export const ERROR_CATALOGUE: ReadonlyMap<string, ErrorEntry> = new Map(
  [
    TASK_ERRORS,
    GAS_ERRORS,
    PROFILE_ERRORS,
    CHECK_IN_ERRORS,
    MEMBER_ERRORS,
    WALLET_ERRORS,
    COIN_ERRORS,
    GAME_ERRORS,
    BADGE_ERRORS,
    FREE_REWARD_ERRORS,
    WALLET_BIND_ERRORS,
    SIGN_IN_ERRORS,
    TRANSPORT_ERRORS,
  ].flatMap((group) => Object.values(group).map((entry) => [entry.msgKey, entry] as const)),
);

/** The text the web shows for a msgKey the API sent, with its `{name}` placeholders filled; undefined if unknown. */
export function errorTextOf(
  msgKey: string | undefined,
  values: Record<string, string | number | bigint> = {},
): string | undefined {
  const entry = msgKey === undefined ? undefined : ERROR_CATALOGUE.get(msgKey);
  return entry ? fillTemplate(entry.text, values) : undefined;
}
