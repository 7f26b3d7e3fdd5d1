/**
 * Every user-facing text of the spec, word for word (typos and spacing included), with functions for the templated
 * ones. The error catalogue of product.md 8 is here; UI and API read their messages only from this module.
 */

/** Replaces `{name}` placeholders; unknown placeholders stay as they are. */
export function fillTemplate(template: string, values: Record<string, string | number | bigint>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? String(values[key]) : whole,
  );
}

// product.md 2 Home and Dialogs.
export const HOME_TEXT = {
  welcomeTitle: (productName: string) => `Welcome to ${productName}`,
  tagline: 'Predict, Play, Profit—Master the Onchain Markets!',
  loginWith: (providerName: string) => `Login with ${providerName}`,
  recommendedForNewUsers: 'Recommended for new users',
  referralCodeLink: 'Have a referral code?',
  introCards: ['Grow & Play', 'Earn & Chill', 'Build Together'],
  badgeShowcase: ['Collect & Earn', 'Unlock Exclusive Rewards', 'Level Up Your Journey'],
} as const;

export const DIALOG_TEXT = {
  migrationTitle: 'Account Migration Tips',
  migrationBody:
    'The old login will be removed after Mar 5, 2025. Please bind a new account to keep your progress.',
  // 'Bind a ... account': 'an' before a name that starts with a vowel ('Bind an Arena Wallet account').
  bindAccountButton: (providerName: string) =>
    `Bind ${/^[aeiou]/i.test(providerName) ? 'an' : 'a'} ${providerName} account`,
  newAccountLoginTitle: 'Continue with your new account',
  popupBlocked: "POPUP BLOCKED: Please disable 'Block pop-ups' in your phone or browser settings.",
  gotIt: 'Got it',
  logoutConfirm: 'Are you sure you want to logout?',
  welcomeTitle: (productName: string) => `Welcome to ${productName}`,
} as const;

// product.md 2 Create profile, product.md 4 Profile creation, product.md 5 Profile handle, product.md 8.
export const PROFILE_TEXT = {
  handleError: 'Restrict input to lowercase letters,numbers,underscores,Must be 4 and 15 characters.',
  handleNotAvailable: 'This handle name is not available. Please try another.',
  handleTaken: 'HANDLE_TAKEN, This handle name is not available. Please try another.',
  handleImmutableWarning: 'The handle cannot be changed after creation.',
  create: 'Create',
  alreadyCreated: 'Your profile has been created.',
  creatingTitle: 'Profile Creating',
  creatingBody: 'We are still creating your on-chain profile, please wait a minute...',
  failedTitle: 'Transaction Failed',
  failedBody: 'Failed to create youe on-chain profile, please try again',
  retry: 'Retry',
} as const;

// product.md 2 Referral, product.md 5 Referral code, product.md 8 'Invite code check fails'.
export const REFERRAL_TEXT = {
  invalidCode: 'invalid code',
  invalidReferralCode: 'Invalid referral code',
  myReferrals: 'My referrals',
  referred: 'REFERRED',
  /** Ours, beside REFERRED: who counts (a friend who registers but never creates a profile does not). */
  referredRule: 'Friends count once they have checked in and played a race.',
  shareToX: 'Share to X',
  comingSoon: "We're cooking up something special for referrers. More soon!",
} as const;

// product.md 2 Badge page, product.md 4 Badge status, product.md 8.
export const BADGE_TEXT = {
  bannerTitle: 'Badges',
  claimableBadges: (count: number) => `${count} Claimable Badges`,
  claim: 'Claim',
  tryAgain: 'Try Again',
  verify: 'Verify',
  claimed: 'CLAIMED',
  claimableRibbon: 'claimable',
  go: 'Go',
  assetSectionTitle: (partnerName: string) => `Earn an Exclusive Badge with Your ${partnerName} Assets`,
  congratsGot: (count: number) => `You just got ${count} badges`,
  assetClaimSuccessTitle: 'congrats',
  assetClaimSuccessBody: 'You just claimed 1 badge.',
  assetClaimFailureTitle: 'sorry',
  assetClaimFailureBody: "You're not eligible.",
  solanaNotSupported: 'Solana assets are not supported. Please use EVM-compatible chains.',
  assetsNotMet: 'Your assets do not meet the requirements for badge acquisition',
  checkFailed: 'Failed to check badges, please try again',
  claimFailed: 'Failed to claim, please try again',
  claimBadgesFailed: 'Failed to claim badges, please try again',
  claimBadgeFailed: 'Failed to claim badge, please try again',
  activityRequired: 'First-come badges go to players who checked in and played a race: do both, then claim',
  onboardingClaim: 'Claim onboarding badge',
  onboardingClaimed: 'Onboarding badge claimed',
} as const;

// product.md 2 Task page, product.md 4 Tasks, product.md 8 task verify rows.
export const TASK_TEXT = {
  heading: 'Start Earning',
  startEarn: 'start earn',
  done: 'DONE',
  doneToday: 'TODAY',
  serviceBusy: 'Service is currently busy, please give it another shot later.',
  platformBoundElsewhere: (platform: string) =>
    `This ${platform} has been bound to another account. Please use another Twitter to complete the task.`,
  verifyFailedRetry30s: 'Verification Failed.Please try again after 30 seconds',
  createProfileFirst: 'Please try again after successfully creating a profile',
  verifyFailedDelayed: (platform: string) =>
    `Verification Failed. Mostly due to ${platform} being delayed, please try again after 30 seconds`,
  checkInFailed: 'Check in failed. Please try again.',
} as const;

// product.md 1: 'Users earn points (also shown as FishXP) and an in-game currency called OJO.'
export const ASSET_TEXT = {
  POINT: 'FishXP',
  OJO: 'OJO',
} as const;

// product.md 2 Wallet, product.md 4 Send ETH, product.md 5 Send address / amount, product.md 8.
export const WALLET_TEXT = {
  copied: 'Copied!',
  deposit: 'Deposit',
  send: 'Send',
  confirm: 'Confirm',
  addressLabel: 'Address',
  amountLabel: 'Amount (ETH)',
  balanceLabel: 'Balance',
  networkLabel: 'Network',
  networkName: 'Abstract Chain',
  noHistory: 'No historical record',
  viewMoreInScan: 'View more in Scan',
  historyFooter: 'Close 100 records on display',
  qrFailed: '二维码生成失败',
  qrRetry: '重试',
  addressRequired: 'Address is required',
  addressInvalid: 'Please enter a valid ETH address',
  amountRequired: 'Amount is required',
  amountInvalid: 'Please enter a valid positive amount',
  amountOverBalance: (balance: string) => `The maximum amount is ${balance} ETH`,
  feeFromBalance: (balance: string) =>
    `The network fee is paid from this balance: send less than ${balance} ETH`,
  feeNote: 'The network fee is paid from this balance.',
  /** While the account provider is asked to approve a send. */
  approveInProvider: (provider: string) => `Approve the transfer in ${provider}…`,
  transactionSuccessful: 'Transaction successful',
  transactionFailed: 'Transaction failed',
  /** Internal error of the account provider; it surfaces to the user as transactionFailed. */
  userOperationFailedInternal: 'Failed to create user operation',
  tokenPriceFailed: (symbol: string) => `Failed to fetch ${symbol} price`,
} as const;

// product.md 5 Buy OJO amount, product.md 8 'Buy OJO'.
export const BUY_OJO_TEXT = {
  invalidCharacter: 'Invalid character. Please enter the amount',
  minimumAmount: (min: string | number | bigint) => `Minimum amount: ${min}`,
  maximumAmount: (max: string | number | bigint) => `Maximum amount: ${max}`,
  insufficientBalance: (n: string | number | bigint) => `Insufficient balance, can redeem a maximum of ${n}`,
  orderFailed: 'Failed to order, please try again',
  payFailed: 'Failed to pay, please try again',
  inProcess: 'Transaction in process',
  success: 'Successfully transaction',
} as const;

// Every amount field (bet, buy, redeem, send): what is wrong with the text typed, which is never rewritten.
export const AMOUNT_INPUT_TEXT = {
  invalidCharacter: BUY_OJO_TEXT.invalidCharacter,
  wholeOnly: 'Whole numbers only. Please enter the amount without decimals',
  tooManyDecimals: (n: number) => `At most ${n} decimals. Please enter the amount`,
  tooManyDigits: (n: number) => `At most ${n} digits before the decimal point. Please enter the amount`,
} as const;

// product.md 5 Redeem, product.md 8 cancel-redeem rows.
export const REDEEM_TEXT = {
  maxReachedToday: 'Max redeem reached today',
  requireTotalBet: (n: string | number | bigint) => `Redeem require a total bet of ${n} OJO`,
  insufficientBalance: 'Insufficient Balance',
  minRedeem: (n: string | number | bigint) => `Min redeem is ${n} OJO`,
  maxRedeem: (n: string | number | bigint) => `Max redeem is ${n} OJO`,
  orderNotFound: 'Order not found, please refresh the page',
  cancelFailed: 'Redeem cancellation failed. Please try again.',
  cancelNetworkError: 'Cancel redeem failed',
  freeOjoLocked:
    'OJO from free rewards is locked until you have a profile, an account old enough and enough OJO bet in races',
} as const;

// product.md 8 wallet-bind rows and telegram bind.
export const WALLET_BIND_TEXT = {
  somethingWrong: 'Oops...Something went wrong. Please try again.',
  boundToAnotherAccount:
    'This wallet address is bound with another account of the product, Please retry using another address.',
  alreadyBoundOther: 'You have already bound other wallet addresses.',
  connectFailed: 'Fail to connect wallet. Please try again',
  telegramBindFailed: 'System error, please try again',
} as const;

// product.md 8 login and bind rows.
export const LOGIN_TEXT = {
  authorizationFailed: 'Authorization failed, please try again',
  allowPopups: "Please set your browser to 'Allow' the website to open pop-up windows.",
  bindFailed: 'Bind failed, please try again',
  publicKeyAlreadyBound:
    'This account has already been registered with the account provider. Please use a different login account to proceed with the binding.',
  logout: 'Logout',
} as const;
