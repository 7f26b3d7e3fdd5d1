import { describe, expect, it } from 'vitest';
import {
  ASSET_TEXT,
  BADGE_TEXT,
  BUY_OJO_TEXT,
  DIALOG_TEXT,
  fillTemplate,
  HOME_TEXT,
  LOGIN_TEXT,
  PROFILE_TEXT,
  REDEEM_TEXT,
  REFERRAL_TEXT,
  TASK_TEXT,
  WALLET_BIND_TEXT,
  WALLET_TEXT,
} from './messages';

// Quoted texts of the spec are exact, word for word, typos and spacing included.
describe('product.md 2 and product.md 8 texts', () => {
  it('product.md 2 Home and Dialogs', () => {
    expect(HOME_TEXT.tagline).toBe('Predict, Play, Profit—Master the Onchain Markets!');
    expect(HOME_TEXT.welcomeTitle('OJO Arena')).toBe('Welcome to OJO Arena');
    expect(HOME_TEXT.loginWith('Arena Wallet')).toBe('Login with Arena Wallet');
    expect(HOME_TEXT.introCards).toEqual(['Grow & Play', 'Earn & Chill', 'Build Together']);
    expect(HOME_TEXT.badgeShowcase).toEqual([
      'Collect & Earn',
      'Unlock Exclusive Rewards',
      'Level Up Your Journey',
    ]);
    expect(DIALOG_TEXT.popupBlocked).toBe(
      "POPUP BLOCKED: Please disable 'Block pop-ups' in your phone or browser settings.",
    );
    expect(DIALOG_TEXT.logoutConfirm).toBe('Are you sure you want to logout?');
    // 'Bind a ... account' in English: the article follows the provider's name.
    expect(DIALOG_TEXT.bindAccountButton('Arena Wallet')).toBe('Bind an Arena Wallet account');
    expect(DIALOG_TEXT.bindAccountButton('Dojo Wallet')).toBe('Bind a Dojo Wallet account');
    expect(DIALOG_TEXT.migrationTitle).toBe('Account Migration Tips');
    // The 'New account login prompt' dialog, titled as a person reads it.
    expect(DIALOG_TEXT.newAccountLoginTitle).toBe('Continue with your new account');
    expect(DIALOG_TEXT.gotIt).toBe('Got it');
    expect(DIALOG_TEXT.welcomeTitle('OJO Arena')).toBe('Welcome to OJO Arena');
  });

  it('product.md 2 Create profile and product.md 5 handle texts', () => {
    expect(PROFILE_TEXT.creatingBody).toBe(
      'We are still creating your on-chain profile, please wait a minute...',
    );
    expect(PROFILE_TEXT.failedBody).toBe('Failed to create youe on-chain profile, please try again');
    expect(PROFILE_TEXT.handleError).toBe(
      'Restrict input to lowercase letters,numbers,underscores,Must be 4 and 15 characters.',
    );
    expect(PROFILE_TEXT.handleTaken).toBe(
      'HANDLE_TAKEN, This handle name is not available. Please try another.',
    );
    expect(PROFILE_TEXT.alreadyCreated).toBe('Your profile has been created.');
  });

  it('product.md 2 Badge page, Referral and Wallet', () => {
    expect(BADGE_TEXT.claimableBadges(3)).toBe('3 Claimable Badges');
    expect(BADGE_TEXT.congratsGot(2)).toBe('You just got 2 badges');
    expect(BADGE_TEXT.assetSectionTitle('Partner')).toBe('Earn an Exclusive Badge with Your Partner Assets');
    expect(REFERRAL_TEXT.comingSoon).toBe("We're cooking up something special for referrers. More soon!");
    expect(REFERRAL_TEXT.referred).toBe('REFERRED');
    expect(WALLET_TEXT.noHistory).toBe('No historical record');
    expect(WALLET_TEXT.historyFooter).toBe('Close 100 records on display');
    expect(WALLET_TEXT.networkName).toBe('Abstract Chain');
    expect(WALLET_TEXT.copied).toBe('Copied!');
    expect(WALLET_TEXT.amountOverBalance('0.5')).toBe('The maximum amount is 0.5 ETH');
    expect(WALLET_TEXT.tokenPriceFailed('ETH')).toBe('Failed to fetch ETH price');
  });

  it('product.md 8 error catalogue', () => {
    expect(REFERRAL_TEXT.invalidCode).toBe('invalid code');
    expect(REFERRAL_TEXT.invalidReferralCode).toBe('Invalid referral code');
    expect(BUY_OJO_TEXT.orderFailed).toBe('Failed to order, please try again');
    expect(BUY_OJO_TEXT.payFailed).toBe('Failed to pay, please try again');
    expect(BUY_OJO_TEXT.inProcess).toBe('Transaction in process');
    expect(BUY_OJO_TEXT.success).toBe('Successfully transaction');
    expect(BUY_OJO_TEXT.minimumAmount(100)).toBe('Minimum amount: 100');
    expect(TASK_TEXT.checkInFailed).toBe('Check in failed. Please try again.');
    expect(REDEEM_TEXT.requireTotalBet(5n)).toBe('Redeem require a total bet of 5 OJO');
    expect(REDEEM_TEXT.minRedeem(1)).toBe('Min redeem is 1 OJO');
    expect(REDEEM_TEXT.maxRedeem('2')).toBe('Max redeem is 2 OJO');
    expect(WALLET_BIND_TEXT.telegramBindFailed).toBe('System error, please try again');
    expect(LOGIN_TEXT.bindFailed).toBe('Bind failed, please try again');
    expect(BADGE_TEXT.checkFailed).toBe('Failed to check badges, please try again');
    expect([BADGE_TEXT.claimFailed, BADGE_TEXT.claimBadgesFailed, BADGE_TEXT.claimBadgeFailed]).toEqual([
      'Failed to claim, please try again',
      'Failed to claim badges, please try again',
      'Failed to claim badge, please try again',
    ]);
  });
});

describe('fillTemplate', () => {
  it('fills known placeholders and keeps unknown ones', () => {
    expect(fillTemplate('Min {n} of {symbol}', { n: 5n, symbol: 'OJO' })).toBe('Min 5 of OJO');
    expect(fillTemplate('Hi {who}', {})).toBe('Hi {who}');
    expect(fillTemplate('{toString}', {})).toBe('{toString}');
  });
});

describe("product.md 1 'points (also shown as FishXP)'", () => {
  it('names points FishXP and OJO OJO', () => {
    expect(ASSET_TEXT).toEqual({ POINT: 'FishXP', OJO: 'OJO' });
  });
});
