import { ERROR_CODES, type ErrorCode, gameRefusalCode, MSG_KEYS } from './error-codes';
import { DASH_REFUSAL_CODES, DASH_REFUSAL_TEXT, type DashRefusalCode } from './game/dash/refusals';
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
 * The error catalogue (product.md 8): every code and msgKey the API sends, by module, with the text the web shows for it.
 * The API's module errors.ts files take their entries from here (adding the HTTP status); the web shows
 * `errorTextOf(msgKey)`. Texts with `{name}` placeholders are filled with `fillTemplate`. Tests in apps/api
 * (test/error-catalogue.test.ts) fail when the API's source names a msgKey that is not here or writes a code itself.
 */
export interface ErrorEntry {
  readonly code: ErrorCode;
  readonly msgKey: string;
  /** What the player reads (the spec's words where product.md 8 has a row). */
  readonly text: string;
}

const entries = <T extends Record<string, ErrorEntry>>(group: T): T => group;

/** product.md 8 task verify rows (the tasks module). */
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
  /** The platform answered and the task is not done yet (product.md 8 'other'; osp_profile_create by its code). */
  notMet: {
    code: ERROR_CODES.TASK_NOT_MET,
    msgKey: 'task.not.met',
    text: TASK_TEXT.verifyFailedDelayed('{platform}'),
  },
  needsVerify: {
    code: ERROR_CODES.TASK_NEEDS_VERIFY,
    msgKey: 'task.needs.verify',
    text: 'This task is checked with its platform: verify it',
  },
  notXPost: {
    code: ERROR_CODES.TASK_NOT_X_POST,
    msgKey: 'task.not.x.post',
    text: 'This task asks for no post on X',
  },
  socialStateInvalid: {
    code: ERROR_CODES.SOCIAL_STATE_INVALID,
    msgKey: 'social.state.invalid',
    text: 'The connection expired, please try again',
  },
});

/** POST /contract/gas/policy refusals (the gas module); the wallet popup shows the text. */
export const GAS_ERRORS = entries({
  noSmartAccount: {
    code: ERROR_CODES.GAS_NO_SMART_ACCOUNT,
    msgKey: 'gas.smart.account.required',
    text: 'Only your smart account can send sponsored transactions.',
  },
  senderNotAllowed: {
    code: ERROR_CODES.GAS_SENDER_NOT_ALLOWED,
    msgKey: 'gas.sender.not.allowed',
    text: 'This transaction must come from your own account.',
  },
  senderNotProductAccount: {
    code: ERROR_CODES.GAS_SENDER_NOT_PRODUCT_ACCOUNT,
    msgKey: 'gas.sender.not.product.account',
    text: 'This account cannot send sponsored transactions.',
  },
  callNotAllowed: {
    code: ERROR_CODES.GAS_CALL_NOT_ALLOWED,
    msgKey: 'gas.call.not.allowed',
    text: 'This transaction is not one we can sponsor.',
  },
  factoryNotAllowed: {
    code: ERROR_CODES.GAS_FACTORY_NOT_ALLOWED,
    msgKey: 'gas.factory.not.allowed',
    text: 'This account cannot be created with sponsored gas.',
  },
  limitExceeded: {
    code: ERROR_CODES.GAS_LIMIT_EXCEEDED,
    msgKey: 'gas.cost.too.high',
    text: 'This transaction costs more gas than we sponsor.',
  },
  feeTooHigh: {
    code: ERROR_CODES.GAS_FEE_TOO_HIGH,
    msgKey: 'gas.fee.too.high',
    text: 'Network fees are too high right now. Please try again later.',
  },
  estimateFailed: {
    code: ERROR_CODES.GAS_ESTIMATE_FAILED,
    msgKey: 'gas.estimate.failed',
    text: 'This transaction would fail. Please check it and try again.',
  },
  priceUnavailable: {
    code: ERROR_CODES.GAS_PRICE_UNAVAILABLE,
    msgKey: 'gas.price.unavailable',
    text: 'The network is not answering. Please try again later.',
  },
  bundlerUnavailable: {
    code: ERROR_CODES.GAS_BUNDLER_UNAVAILABLE,
    msgKey: 'gas.bundler.unavailable',
    text: 'The network is not answering. Please try again later.',
  },
  dailyLimit: {
    code: ERROR_CODES.GAS_DAILY_LIMIT,
    msgKey: 'gas.daily.limit',
    text: "You have used today's free transactions. Please try again tomorrow.",
  },
  tooManyPending: {
    code: ERROR_CODES.GAS_TOO_MANY_PENDING,
    msgKey: 'gas.pending.limit',
    text: 'Please wait until your earlier transactions are confirmed.',
  },
  dailyBudget: {
    code: ERROR_CODES.GAS_DAILY_BUDGET,
    msgKey: 'gas.daily.budget',
    text: 'Free transactions are paused for today. Please try again tomorrow.',
  },
  accountBudget: {
    code: ERROR_CODES.GAS_ACCOUNT_BUDGET,
    msgKey: 'gas.account.budget',
    text: "Your account has used today's share of free transactions. Please try again tomorrow.",
  },
  clientBudget: {
    code: ERROR_CODES.GAS_CLIENT_BUDGET,
    msgKey: 'gas.client.budget',
    text: "Your network has used today's share of free transactions. Please try again tomorrow.",
  },
  profileRequired: {
    code: ERROR_CODES.GAS_PROFILE_REQUIRED,
    msgKey: 'gas.profile.required',
    text: 'Create your profile before sending sponsored transactions.',
  },
  sessionKeyPolicy: {
    code: ERROR_CODES.GAS_SESSION_KEY_POLICY,
    msgKey: 'gas.session.key.policy',
    text: 'Only the badge session key can be added with sponsored gas.',
  },
  sessionKeyActive: {
    code: ERROR_CODES.GAS_SESSION_KEY_ACTIVE,
    msgKey: 'gas.session.key.active',
    text: 'Your account already has an active session key.',
  },
  sessionKeyNotActive: {
    code: ERROR_CODES.GAS_SESSION_KEY_NOT_ACTIVE,
    msgKey: 'gas.session.key.not.active',
    text: 'This session key is not active on your account.',
  },
  tooManyCalls: {
    code: ERROR_CODES.GAS_TOO_MANY_CALLS,
    msgKey: 'gas.too.many.calls',
    text: 'This transaction has more calls than we sponsor at once.',
  },
});

/** The profile module (product.md 5 handle, product.md 8 HANDLE_TAKEN). */
export const PROFILE_ERRORS = entries({
  handleInvalid: {
    code: ERROR_CODES.HANDLE_INVALID,
    msgKey: 'profile.handle.invalid',
    text: PROFILE_TEXT.handleError,
  },
  handleReserved: {
    code: ERROR_CODES.HANDLE_RESERVED,
    msgKey: 'profile.handle.reserved',
    text: PROFILE_TEXT.handleNotAvailable,
  },
  handleTaken: {
    code: ERROR_CODES.HANDLE_TAKEN,
    msgKey: ERROR_CODES.HANDLE_TAKEN,
    text: PROFILE_TEXT.handleTaken,
  },
  smartAccountRequired: {
    code: ERROR_CODES.SMART_ACCOUNT_REQUIRED,
    msgKey: 'profile.smart.account.required',
    text: 'Bind a smart account before creating a profile',
  },
  profileExists: {
    code: ERROR_CODES.PROFILE_EXISTS,
    msgKey: 'profile.exists',
    text: PROFILE_TEXT.alreadyCreated,
  },
  dailyLimit: {
    code: ERROR_CODES.PROFILE_DAILY_LIMIT,
    msgKey: 'profile.daily.limit',
    text: 'Too many profiles were created today. Please try again tomorrow.',
  },
  gasBudget: {
    code: ERROR_CODES.PROFILE_GAS_BUDGET,
    msgKey: 'profile.gas.budget',
    text: 'Profile creation is paused for today. Please try again tomorrow.',
  },
  clientDailyLimit: {
    code: ERROR_CODES.PROFILE_CLIENT_DAILY_LIMIT,
    msgKey: 'profile.client.daily.limit',
    text: 'Too many profiles were created from your network today. Please try again tomorrow.',
  },
});

/** The check-in, member and wallet modules. */
export const CHECK_IN_ERRORS = entries({
  unavailable: {
    code: ERROR_CODES.CHECKIN_UNAVAILABLE,
    msgKey: 'checkin.unavailable',
    text: TASK_TEXT.checkInFailed,
  },
});
export const MEMBER_ERRORS = entries({
  forbidden: {
    code: ERROR_CODES.MEMBER_FORBIDDEN,
    msgKey: 'member.forbidden',
    text: 'A player can read only their own points and assets',
  },
});
export const WALLET_ERRORS = entries({
  priceUnavailable: {
    code: ERROR_CODES.PRICE_UNAVAILABLE,
    msgKey: 'wallet.price.unavailable',
    text: WALLET_TEXT.tokenPriceFailed('{symbol}'),
  },
  unknownSymbol: {
    code: ERROR_CODES.NOT_FOUND,
    msgKey: 'wallet.price.unknown.symbol',
    text: WALLET_TEXT.tokenPriceFailed('{symbol}'),
  },
  smartAccountRequired: {
    code: ERROR_CODES.SMART_ACCOUNT_REQUIRED,
    msgKey: 'wallet.smart.account.required',
    text: 'Bind a smart account first',
  },
  faucetBusy: {
    code: ERROR_CODES.SERVICE_UNAVAILABLE,
    msgKey: 'wallet.faucet.busy',
    text: 'The faucet is busy, try again',
  },
});

/** The coin module (product.md 5 Buy OJO and Redeem, product.md 8 cancel-redeem rows). */
export const COIN_ERRORS = entries({
  priceUnavailable: {
    code: ERROR_CODES.COIN_PRICE_UNAVAILABLE,
    msgKey: 'coin.price.unavailable',
    text: 'The ETH price is not available now',
  },
  belowMinimum: {
    code: ERROR_CODES.BAD_REQUEST,
    msgKey: 'coin.order.below.min',
    text: BUY_OJO_TEXT.minimumAmount('{min}'),
  },
  aboveMaximum: {
    code: ERROR_CODES.BAD_REQUEST,
    msgKey: 'coin.order.above.max',
    text: BUY_OJO_TEXT.maximumAmount('{max}'),
  },
  tooManyOpenOrders: {
    code: ERROR_CODES.COIN_TOO_MANY_OPEN_ORDERS,
    msgKey: 'coin.order.too.many.open',
    text: 'Too many unpaid orders: pay or cancel one in your purchase history, or wait for its quote to run out',
  },
  orderNotFound: {
    code: ERROR_CODES.COIN_ORDER_NOT_FOUND,
    msgKey: 'coin.order.not.found',
    text: 'Order not found, please refresh the page',
  },
  orderNotCancellable: {
    code: ERROR_CODES.COIN_ORDER_NOT_CANCELLABLE,
    msgKey: 'coin.order.not.cancellable',
    text: 'This order is paid or closed already and cannot be cancelled',
  },
  notConfigured: {
    code: ERROR_CODES.SERVICE_UNAVAILABLE,
    msgKey: 'coin.not.configured',
    text: 'Buying OJO is not available',
  },
  withdrawBelowMin: {
    code: ERROR_CODES.WITHDRAW_BELOW_MIN,
    msgKey: 'coin.withdraw.below.min',
    text: REDEEM_TEXT.minRedeem('{min}'),
  },
  withdrawDailyReached: {
    code: ERROR_CODES.WITHDRAW_DAILY_REACHED,
    msgKey: 'coin.withdraw.daily.reached',
    text: REDEEM_TEXT.maxReachedToday,
  },
  withdrawTradeLimit: {
    code: ERROR_CODES.WITHDRAW_TRADE_LIMIT,
    msgKey: 'coin.withdraw.trade.limit',
    text: REDEEM_TEXT.requireTotalBet('{n}'),
  },
  withdrawBalance: {
    code: ERROR_CODES.WITHDRAW_INSUFFICIENT_BALANCE,
    msgKey: 'coin.withdraw.balance',
    text: REDEEM_TEXT.insufficientBalance,
  },
  withdrawAboveMax: {
    code: ERROR_CODES.WITHDRAW_ABOVE_MAX,
    msgKey: 'coin.withdraw.above.max',
    text: REDEEM_TEXT.maxRedeem('{n}'),
  },
  withdrawTooSmall: {
    code: ERROR_CODES.WITHDRAW_TOO_SMALL,
    msgKey: 'coin.withdraw.too.small',
    text: 'This amount redeems for nothing',
  },
  withdrawNotFound: {
    code: ERROR_CODES.ORDER_NOT_FOUND,
    msgKey: 'coin.withdraw.not.found',
    text: REDEEM_TEXT.orderNotFound,
  },
  withdrawNotCancellable: {
    code: ERROR_CODES.ORDER_NOT_CANCELLABLE,
    msgKey: 'coin.withdraw.not.cancellable',
    text: REDEEM_TEXT.cancelFailed,
  },
});

/** The game module (coin-race bets); a round's own refusals are GAME_REFUSAL_ERRORS below. */
export const GAME_ERRORS = entries({
  roundNotFound: {
    code: ERROR_CODES.GAME_ROUND_NOT_FOUND,
    msgKey: 'game.round.notFound',
    text: 'No such round.',
  },
  betNotFound: { code: ERROR_CODES.GAME_BET_NOT_FOUND, msgKey: 'game.bet.notFound', text: 'No such bet.' },
  seasonNotFound: {
    code: ERROR_CODES.GAME_SEASON_NOT_FOUND,
    msgKey: 'game.season.notFound',
    text: 'No such season.',
  },
  roundNotSettled: {
    code: ERROR_CODES.GAME_ROUND_NOT_SETTLED,
    msgKey: 'game.round.notSettled',
    text: 'The round is not settled yet.',
  },
  balanceLow: {
    code: ERROR_CODES.GAME_BALANCE_LOW,
    msgKey: 'game.bet.balanceLow',
    text: 'Your balance does not cover this bet.',
  },
  betKeyReused: {
    code: ERROR_CODES.GAME_BET_KEY_REUSED,
    msgKey: 'game.bet.keyReused',
    text: 'This bet id was already used for another bet.',
  },
  betRevision: {
    code: ERROR_CODES.GAME_BET_REVISION,
    msgKey: 'game.bet.revision',
    text: 'This bet changed meanwhile; refresh and try again.',
  },
  betWithdrawn: {
    code: ERROR_CODES.GAME_BET_WITHDRAWN,
    msgKey: 'game.bet.withdrawn',
    text: 'This bet was withdrawn.',
  },
  seasonNotSettled: {
    code: ERROR_CODES.GAME_SEASON_NOT_SETTLED,
    msgKey: 'game.season.notSettled',
    text: 'The season is not settled yet.',
  },
});

/** A round's refusal of a bet or an event (closed, below the minimum, unknown track, ...), by the domain's code. */
export const GAME_REFUSAL_ERRORS = Object.fromEntries(
  DASH_REFUSAL_CODES.map((code) => [
    code,
    { code: gameRefusalCode(code), msgKey: `game.bet.${code}`, text: DASH_REFUSAL_TEXT[code] },
  ]),
) as Readonly<Record<DashRefusalCode, ErrorEntry>>;

/** product.md 8 wallet-bind rows (the linked-wallet module). */
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

/** Sign-in: the identity, user and session modules (product.md 8 login and bind rows). */
export const SIGN_IN_ERRORS = entries({
  /** 400: the message does not parse as EIP-4361 (every other SIWE check is a 401 SIWE_REFUSED). */
  siweMessageInvalid: {
    code: ERROR_CODES.SIWE_INVALID,
    msgKey: 'siwe.message.invalid',
    text: LOGIN_TEXT.authorizationFailed,
  },
  siweDomainMismatch: {
    code: ERROR_CODES.SIWE_REFUSED,
    msgKey: 'siwe.domain.mismatch',
    text: LOGIN_TEXT.authorizationFailed,
  },
  siweUriMismatch: {
    code: ERROR_CODES.SIWE_REFUSED,
    msgKey: 'siwe.uri.mismatch',
    text: LOGIN_TEXT.authorizationFailed,
  },
  siweChainMismatch: {
    code: ERROR_CODES.SIWE_REFUSED,
    msgKey: 'siwe.chain.mismatch',
    text: LOGIN_TEXT.authorizationFailed,
  },
  siweIssuedAtInvalid: {
    code: ERROR_CODES.SIWE_REFUSED,
    msgKey: 'siwe.issued.at.invalid',
    text: LOGIN_TEXT.authorizationFailed,
  },
  siweExpirationRequired: {
    code: ERROR_CODES.SIWE_REFUSED,
    msgKey: 'siwe.expiration.required',
    text: LOGIN_TEXT.authorizationFailed,
  },
  siweExpired: {
    code: ERROR_CODES.SIWE_REFUSED,
    msgKey: 'siwe.expired',
    text: LOGIN_TEXT.authorizationFailed,
  },
  siweNotYetValid: {
    code: ERROR_CODES.SIWE_REFUSED,
    msgKey: 'siwe.not.yet.valid',
    text: LOGIN_TEXT.authorizationFailed,
  },
  siweNonceInvalid: {
    code: ERROR_CODES.SIWE_REFUSED,
    msgKey: 'siwe.nonce.invalid',
    text: LOGIN_TEXT.authorizationFailed,
  },
  siweSignatureInvalid: {
    code: ERROR_CODES.SIWE_REFUSED,
    msgKey: 'siwe.signature.invalid',
    text: LOGIN_TEXT.authorizationFailed,
  },
  siweAccountNotProduct: {
    code: ERROR_CODES.SIWE_REFUSED,
    msgKey: 'siwe.account.not.product',
    text: LOGIN_TEXT.authorizationFailed,
  },
  idTokenInvalid: {
    code: ERROR_CODES.UNAUTHORIZED,
    msgKey: 'identity.token.invalid',
    text: LOGIN_TEXT.authorizationFailed,
  },
  idTokenSessionExpired: {
    code: ERROR_CODES.UNAUTHORIZED,
    msgKey: 'identity.session.expired',
    text: 'This sign-in has ended; sign in again',
  },
  idTokenSubjectMismatch: {
    code: ERROR_CODES.UNAUTHORIZED,
    msgKey: 'identity.subject.mismatch',
    text: LOGIN_TEXT.authorizationFailed,
  },
  userNotFound: {
    code: ERROR_CODES.CUSTOMER_NOT_FOUND,
    msgKey: 'customer.not.found',
    text: LOGIN_TEXT.authorizationFailed,
  },
  alreadyBound: {
    code: ERROR_CODES.ALREADY_BOUND,
    msgKey: 'customer.already.binded',
    text: LOGIN_TEXT.bindFailed,
  },
  publicKeyAlreadyBound: {
    code: ERROR_CODES.PUBLIC_KEY_ALREADY_BOUND,
    msgKey: MSG_KEYS.PUBLIC_KEY_ALREADY_BOUND,
    text: LOGIN_TEXT.publicKeyAlreadyBound,
  },
  sessionEnded: {
    code: ERROR_CODES.UNAUTHORIZED,
    msgKey: 'auth.session.ended',
    text: 'This sign-in has ended; sign in again',
  },
});

/** Old-user login with Google, Twitter or Apple (POST /customer/login/oauth); product.md 8 'Login, cause code 5115'. */
export const OAUTH_ERRORS = entries({
  providerDisabled: {
    code: ERROR_CODES.OAUTH_PROVIDER_DISABLED,
    msgKey: 'customer.oauth.provider.disabled',
    text: LOGIN_TEXT.authorizationFailed,
  },
  redirectUriNotAllowed: {
    code: ERROR_CODES.BAD_REQUEST,
    msgKey: 'customer.oauth.redirect.uri.invalid',
    text: LOGIN_TEXT.authorizationFailed,
  },
  codeRejected: {
    code: ERROR_CODES.OAUTH_CODE_REJECTED,
    msgKey: 'customer.oauth.code.invalid',
    text: LOGIN_TEXT.authorizationFailed,
  },
  idTokenInvalid: {
    code: ERROR_CODES.OAUTH_ID_TOKEN_INVALID,
    msgKey: 'customer.oauth.id.token.invalid',
    text: LOGIN_TEXT.authorizationFailed,
  },
  providerUnavailable: {
    code: ERROR_CODES.OAUTH_PROVIDER_UNAVAILABLE,
    msgKey: 'customer.oauth.provider.unavailable',
    text: LOGIN_TEXT.authorizationFailed,
  },
  accountNotFound: {
    code: ERROR_CODES.OAUTH_ACCOUNT_NOT_FOUND,
    msgKey: 'customer.oauth.account.not.found',
    text: LOGIN_TEXT.authorizationFailed,
  },
  oldLoginLocked: {
    code: ERROR_CODES.LOGIN_WARNING_POPUP,
    msgKey: 'customer.oauth.old.login.locked',
    text: LOGIN_TEXT.authorizationFailed,
  },
});

/** What any call may answer (the transport layer: validation, auth, rate limits, the chain, bugs). */
export const TRANSPORT_ERRORS = entries({
  badRequest: {
    code: ERROR_CODES.BAD_REQUEST,
    msgKey: 'request.invalid',
    text: 'Oops...Something went wrong. Please try again.',
  },
  unauthorized: { code: ERROR_CODES.UNAUTHORIZED, msgKey: 'auth.unauthorized', text: 'Please log in again.' },
  notFound: { code: ERROR_CODES.NOT_FOUND, msgKey: 'request.not.found', text: 'Not found.' },
  rateLimited: {
    code: ERROR_CODES.TOO_MANY_REQUESTS,
    msgKey: 'request.rate.limited',
    text: 'Service is currently busy, please give it another shot later.',
  },
  saasIdMissing: {
    code: ERROR_CODES.BAD_REQUEST,
    msgKey: 'saas.id.missing',
    text: 'Oops...Something went wrong. Please try again.',
  },
  saasIdUnknown: {
    code: ERROR_CODES.BAD_REQUEST,
    msgKey: 'saas.id.unknown',
    text: 'Oops...Something went wrong. Please try again.',
  },
  chainUnavailable: {
    code: ERROR_CODES.SERVICE_UNAVAILABLE,
    msgKey: 'chain.unavailable',
    text: 'The network is not answering. Please try again later.',
  },
  chainNotDeployed: {
    code: ERROR_CODES.SERVICE_UNAVAILABLE,
    msgKey: 'chain.not.deployed',
    text: 'The network is not answering. Please try again later.',
  },
  bundlerUnavailable: {
    code: ERROR_CODES.SERVICE_UNAVAILABLE,
    msgKey: 'bundler.unavailable',
    text: 'The network is not answering. Please try again later.',
  },
  /** Two moves of one balance at once, the later one no longer covered (any module's ledger debit). */
  balanceInsufficient: {
    code: ERROR_CODES.BALANCE_INSUFFICIENT,
    msgKey: 'ledger.balance.insufficient',
    text: 'Your balance does not cover this',
  },
  systemError: {
    code: ERROR_CODES.INTERNAL_ERROR,
    msgKey: 'system.error',
    text: 'Oops...Something went wrong. Please try again.',
  },
  /** product.md 8 'Invite code check fails': the check's verdict (success false), shown as 'Invalid referral code'. */
  invalidReferralCode: {
    code: ERROR_CODES.INVALID_CODE,
    msgKey: REFERRAL_TEXT.invalidCode,
    text: REFERRAL_TEXT.invalidReferralCode,
  },
});

/** The badge module (product.md 8 badge rows where the spec has one). */
export const BADGE_ERRORS = entries({
  notFound: { code: ERROR_CODES.BADGE_NOT_FOUND, msgKey: 'badge.not.found', text: 'No such badge' },
  notClaimable: {
    code: ERROR_CODES.BADGE_NOT_CLAIMABLE,
    msgKey: 'badge.not.claimable',
    text: BADGE_TEXT.claimBadgeFailed,
  },
  signerUnavailable: {
    code: ERROR_CODES.BADGE_SIGNER_UNAVAILABLE,
    msgKey: 'badge.signer.unavailable',
    text: BADGE_TEXT.claimFailed,
  },
  notOwnAccount: {
    code: ERROR_CODES.BADGE_NOT_OWN_ACCOUNT,
    msgKey: 'badge.account.not.own',
    text: BADGE_TEXT.claimBadgesFailed,
  },
  notOwnWallet: {
    code: ERROR_CODES.BADGE_NOT_OWN_WALLET,
    msgKey: 'badge.wallet.not.own',
    text: 'Only your own wallets get partner assets',
  },
  faucetBusy: {
    code: ERROR_CODES.BADGE_FAUCET_BUSY,
    msgKey: 'badge.faucet.busy',
    text: 'The faucet is busy, try again',
  },
  /** A first-come badge (FCFS, a limited supply) waits for the claimant's real activity (docs/economy.md). */
  activityRequired: {
    code: ERROR_CODES.BADGE_ACTIVITY_REQUIRED,
    msgKey: 'badge.activity.required',
    text: BADGE_TEXT.activityRequired,
  },
});

/** Free rewards (docs/economy.md): OJO from a free source stays locked until its conditions are met. */
export const FREE_REWARD_ERRORS = entries({
  freeOjoLocked: {
    code: ERROR_CODES.FREE_OJO_LOCKED,
    msgKey: 'coin.withdraw.free.locked',
    text: REDEEM_TEXT.freeOjoLocked,
  },
});

/** The operator console (docs/console.md): operators' sign-in, sessions, roles and the operators list. */
export const OPERATOR_ERRORS = entries({
  /** 401: no operator token, an invalid or expired one, a player's, or one whose session was revoked. */
  sessionRequired: {
    code: ERROR_CODES.OPERATOR_SESSION_REQUIRED,
    msgKey: 'operator.session.required',
    text: 'Please sign in to the console again.',
  },
  /** 403: the operator's role does not include the call's. */
  notAllowed: {
    code: ERROR_CODES.OPERATOR_NOT_ALLOWED,
    msgKey: 'operator.role.insufficient',
    text: 'Your role does not allow this.',
  },
  /** 401: the signed-in address is no operator. */
  unknown: {
    code: ERROR_CODES.OPERATOR_UNKNOWN,
    msgKey: 'operator.unknown',
    text: 'This address is not an operator of this platform.',
  },
  notFound: { code: ERROR_CODES.OPERATOR_NOT_FOUND, msgKey: 'operator.not.found', text: 'No such operator.' },
  exists: {
    code: ERROR_CODES.OPERATOR_EXISTS,
    msgKey: 'operator.exists',
    text: 'This address is an operator already.',
  },
  /** 409: an owner from configuration (OPERATOR_OWNER_ADDRESSES) is changed there, not in the console. */
  configuredOwner: {
    code: ERROR_CODES.OPERATOR_CONFIGURED_OWNER,
    msgKey: 'operator.owner.configured',
    text: 'This owner comes from the configuration; change it there.',
  },
  /** 409: the change would leave the console without an owner. */
  lastOwner: {
    code: ERROR_CODES.OPERATOR_LAST_OWNER,
    msgKey: 'operator.owner.last',
    text: 'The console needs at least one owner.',
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
    GAME_REFUSAL_ERRORS,
    BADGE_ERRORS,
    FREE_REWARD_ERRORS,
    WALLET_BIND_ERRORS,
    SIGN_IN_ERRORS,
    OAUTH_ERRORS,
    OPERATOR_ERRORS,
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
