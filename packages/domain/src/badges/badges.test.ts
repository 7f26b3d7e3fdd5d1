import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BADGE_SERIES, BADGE_STATUSES } from '../enums';
import {
  assetBadgeButton,
  assetClaimResult,
  isPartnerWalletConnectDisabled,
  onboardingBadgeButton,
  pendingAfterVerifyToast,
} from './asset-badge';
import { type Badge, levelNumber } from './badge';
import { badgeArtPath, badgeImage } from './badge-art';
import { badgeCardFlags, badgeGoPath } from './badge-card';
import { isBadgeCheckCallOk, isBadgeCheckProcessing, shouldRefreshBadgeLists } from './badge-check';
import { hasMultipleLevels, sortBadges, withShowLevel } from './badge-order';
import { badgeProgress, countedProgressItems, shouldShowProgressBar } from './badge-progress';
import { isBadgeHidden, overallBadgeStatus, selectClaimedElseClaimable, visibleBadges } from './badge-status';

const badge = (
  status: Badge['status'],
  series: string,
  level: string,
  name = `${series}-${level}`,
): Badge => ({
  status,
  series,
  level,
  name,
});

describe("product.md 4 Badge status: 'Overall asset-badge status is claimed if any is claimed, else claimable if any, else pending.'", () => {
  it('ranks claimed over claimable over pending', () => {
    expect(
      overallBadgeStatus([
        badge('pending', 'A', '1'),
        badge('claimed', 'A', '2'),
        badge('claimable', 'A', '3'),
      ]),
    ).toBe('claimed');
    expect(overallBadgeStatus([badge('pending', 'A', '1'), badge('claimable', 'A', '2')])).toBe('claimable');
    expect(overallBadgeStatus([badge('pending', 'A', '1')])).toBe('pending');
    expect(overallBadgeStatus([])).toBe('pending');
  });
});

describe("product.md 4 Badge status: 'The badge list shows claimed entries if any, else claimable ones.'", () => {
  it('chooses claimed entries when there are some', () => {
    const list = [badge('claimable', 'A', '1'), badge('claimed', 'A', '2'), badge('pending', 'A', '3')];
    expect(selectClaimedElseClaimable(list).map((b) => b.level)).toEqual(['2']);
  });
  it('else the claimable ones', () => {
    const list = [badge('claimable', 'A', '1'), badge('pending', 'A', '3'), badge('claimable', 'B', '4')];
    expect(selectClaimedElseClaimable(list).map((b) => b.level)).toEqual(['1', '4']);
    expect(selectClaimedElseClaimable([badge('pending', 'A', '1')])).toEqual([]);
  });
});

describe("product.md 4 Badge status: 'Pending badges of the Hood series are hidden.'", () => {
  it('hides only pending Hood badges', () => {
    expect(isBadgeHidden(badge('pending', 'Hood', '1'))).toBe(true);
    expect(isBadgeHidden(badge('claimable', 'Hood', '1'))).toBe(false);
    expect(isBadgeHidden(badge('claimed', 'Hood', '1'))).toBe(false);
    expect(isBadgeHidden(badge('pending', 'DojoDash', '1'))).toBe(false);
    const shown = visibleBadges([
      badge('pending', 'Hood', '1'),
      badge('claimed', 'Hood', '2'),
      badge('pending', 'DojoDash', '1'),
    ]);
    expect(shown.map((b) => b.name)).toEqual(['Hood-2', 'DojoDash-1']);
  });
});

describe("product.md 4 Badge status: 'List order: claimable first, then claimed (each series grouped, levels descending), then pending (levels ascending).'", () => {
  it('orders a mixed list', () => {
    const list = [
      badge('pending', 'DojoDash', '3'),
      badge('claimed', 'DojoDash', '1'),
      badge('claimed', 'DailyDriver', '1'),
      badge('claimable', 'SplashRoi', '2'),
      badge('claimed', 'DojoDash', '2'),
      badge('pending', 'DailyDriver', '2'),
      badge('claimed', 'DailyDriver', '10'),
      badge('claimable', 'DojoDash', '4'),
      badge('pending', 'SplashRoi', '1'),
    ];
    expect(sortBadges(list).map((b) => `${b.status}:${b.name}`)).toEqual([
      'claimable:SplashRoi-2',
      'claimable:DojoDash-4',
      'claimed:DojoDash-2',
      'claimed:DojoDash-1',
      'claimed:DailyDriver-10',
      'claimed:DailyDriver-1',
      'pending:SplashRoi-1',
      'pending:DailyDriver-2',
      'pending:DojoDash-3',
    ]);
  });

  it('property: a permutation of the input, in status blocks, claimed grouped descending, pending ascending', () => {
    const arbBadge = fc.record({
      status: fc.constantFrom(...BADGE_STATUSES),
      series: fc.constantFrom('A', 'B', 'C'),
      level: fc.integer({ min: 1, max: 9 }).map(String),
      name: fc.string(),
    });
    fc.assert(
      fc.property(fc.array(arbBadge, { maxLength: 30 }), (list) => {
        const sorted = sortBadges(list);
        expect([...sorted].sort(cmp)).toEqual([...list].sort(cmp));
        const rank = { claimable: 0, claimed: 1, pending: 2 } as const;
        for (let i = 1; i < sorted.length; i++) {
          const a = sorted[i - 1]!;
          const b = sorted[i]!;
          expect(rank[a.status]).toBeLessThanOrEqual(rank[b.status]);
          if (a.status === 'claimed' && b.status === 'claimed' && a.series === b.series) {
            expect(levelNumber(a.level)).toBeGreaterThanOrEqual(levelNumber(b.level));
          }
          if (a.status === 'pending' && b.status === 'pending') {
            expect(levelNumber(a.level)).toBeLessThanOrEqual(levelNumber(b.level));
          }
        }
        const claimedSeries = sorted.filter((b) => b.status === 'claimed').map((b) => b.series);
        const runs = claimedSeries.filter((s, i) => i === 0 || claimedSeries[i - 1] !== s);
        expect(new Set(runs).size).toBe(runs.length); // each series is one contiguous group
      }),
    );
  });
});

function cmp(a: Badge, b: Badge): number {
  return JSON.stringify(a) < JSON.stringify(b) ? -1 : 1;
}

describe("product.md 3: 'showLevel is set when a series has more than one level.'", () => {
  it('sets showLevel for multi-level series only', () => {
    const multi = {
      series: 'DojoDash',
      nfts: [badge('claimed', 'DojoDash', '1'), badge('pending', 'DojoDash', '2')],
    };
    const single = { series: 'Hood', nfts: [badge('claimed', 'Hood', '1')] };
    const sameLevel = { series: 'X', nfts: [badge('claimed', 'X', '1'), badge('pending', 'X', '1')] };
    expect(hasMultipleLevels(multi)).toBe(true);
    expect(hasMultipleLevels(single)).toBe(false);
    expect(hasMultipleLevels(sameLevel)).toBe(false);
    expect(withShowLevel(multi).nfts.every((b) => b.showLevel)).toBe(true);
    expect(withShowLevel(single).nfts.every((b) => !b.showLevel)).toBe(true);
  });

  it('reads non-numeric levels as 0', () => {
    expect(levelNumber('3')).toBe(3);
    expect(levelNumber('')).toBe(0);
    expect(levelNumber('x')).toBe(0);
  });
});

describe('product.md 5 Badge progress', () => {
  it("'Counts only items with a string type, numeric value and numeric condition above zero.'", () => {
    const items = [
      { type: 'race_count', name: 'Races', value: '3', condition: '10' },
      { type: 7, value: '3', condition: '10' },
      { type: 'race_count', value: 'three', condition: '10' },
      { type: 'race_count', value: '3', condition: '0' },
      { type: 'race_count', value: '3', condition: '-1' },
      { type: 'race_count', value: '3', condition: null },
      { type: 'bet_volume', value: 2, condition: 5 },
      { type: 'bet_volume', value: Number.NaN, condition: 5 },
    ];
    expect(countedProgressItems(items)).toEqual([
      { type: 'race_count', value: 3, condition: 10 },
      { type: 'bet_volume', value: 2, condition: 5 },
    ]);
    expect(countedProgressItems(undefined)).toEqual([]);
  });

  it("'Progress is the sum of values, capped at the sum of conditions.'", () => {
    expect(
      badgeProgress([
        { type: 'a', value: '3', condition: '10' },
        { type: 'b', value: '4', condition: '5' },
      ]),
    ).toEqual({
      current: 7,
      total: 15,
    });
    expect(badgeProgress([{ type: 'a', value: '30', condition: '10' }])).toEqual({ current: 10, total: 10 });
    expect(badgeProgress(null)).toEqual({ current: 0, total: 0 });
  });

  it("'The progress bar shows only for certain named progress types and when the total condition is nonzero.'", () => {
    expect(shouldShowProgressBar([{ type: 'race_count', value: '1', condition: '10' }])).toBe(true);
    expect(shouldShowProgressBar([{ type: 'splash_roi', value: '1', condition: '10' }])).toBe(false);
    expect(shouldShowProgressBar([{ type: 'race_count', value: '1', condition: '0' }])).toBe(false);
    expect(shouldShowProgressBar([])).toBe(false);
    expect(shouldShowProgressBar([{ type: 'custom', value: '1', condition: '2' }], ['custom'])).toBe(true);
  });

  it('property: progress never exceeds the total and never throws on odd items', () => {
    const odd = fc.oneof(fc.string(), fc.double(), fc.constant(null), fc.integer());
    fc.assert(
      fc.property(fc.array(fc.record({ type: odd, value: odd, condition: odd })), (items) => {
        const { current, total } = badgeProgress(items);
        expect(current).toBeLessThanOrEqual(total);
      }),
    );
  });
});

describe("product.md 4: 'A badge card shows a Go button only for pending badges in a set of series. Claimable cards carry a 'claimable' ribbon. Unclaimed badges are dimmed.'", () => {
  it('sets the card flags by status and series', () => {
    expect(badgeCardFlags(badge('pending', 'DojoDash', '1'))).toEqual({
      showGoButton: true,
      showClaimableRibbon: false,
      isDimmed: true,
    });
    expect(badgeCardFlags(badge('pending', 'Hood', '1'))).toEqual({
      showGoButton: false,
      showClaimableRibbon: false,
      isDimmed: true,
    });
    expect(badgeCardFlags(badge('claimable', 'DojoDash', '1'))).toEqual({
      showGoButton: false,
      showClaimableRibbon: true,
      isDimmed: true,
    });
    expect(badgeCardFlags(badge('claimed', 'DojoDash', '1'))).toEqual({
      showGoButton: false,
      showClaimableRibbon: false,
      isDimmed: false,
    });
    expect(badgeCardFlags(badge('pending', 'Hood', '1'), ['Hood']).showGoButton).toBe(true);
  });
});

describe("a badge's Go leads where that badge is earned", () => {
  it('rounds to the game, check-ins to the check-in screen, referrals to the referral page', () => {
    expect(badgeGoPath('DojoDash')).toBe('/game');
    expect(badgeGoPath('SplashRoi')).toBe('/game');
    expect(badgeGoPath('SplashTotalRoi')).toBe('/game');
    expect(badgeGoPath('DailyDriver')).toBe('/game/check-in');
    expect(badgeGoPath('KyuTrainer')).toBe('/referral');
    expect(badgeGoPath('Hood')).toBeUndefined();
    expect(badgeGoPath('OnboardingBadge')).toBeUndefined();
  });
});

describe('badge art', () => {
  it('gives every series an emblem of its own', () => {
    const paths = BADGE_SERIES.map(badgeArtPath);
    expect(new Set(paths).size).toBe(BADGE_SERIES.length);
    for (const path of paths) expect(path).toMatch(/^\/media\/badges\/series\/[a-z-]+\.svg$/);
  });

  it("shows an operator's logo when it is a web address, else the series emblem", () => {
    expect(badgeImage({ series: 'Hood', logo: 'https://cdn.example/hood.png' })).toBe(
      'https://cdn.example/hood.png',
    );
    expect(badgeImage({ series: 'Hood', logo: '/media/special.svg' })).toBe('/media/special.svg');
    expect(badgeImage({ series: 'Hood', logo: '' })).toBe(badgeArtPath('Hood'));
    expect(badgeImage({ series: 'Hood', logo: 'ojo-arena://badges/7001' })).toBe(badgeArtPath('Hood'));
    expect(badgeImage({ series: 'Hood', logo: '//evil.example/x.svg' })).toBe(badgeArtPath('Hood'));
  });
});

describe('product.md 4 Asset badge button', () => {
  const both = { hasEvmWallet: true, hasSolanaWallet: true };
  it("label 'Claim' when claimable, else 'Verify'; a CLAIMED marker when claimed", () => {
    expect(assetBadgeButton('claimable', both)).toEqual({
      label: 'Claim',
      showClaimedMarker: false,
      disabled: false,
    });
    expect(assetBadgeButton('pending', both)).toEqual({
      label: 'Verify',
      showClaimedMarker: false,
      disabled: false,
    });
    expect(assetBadgeButton('claimed', both)).toEqual({
      label: 'Verify',
      showClaimedMarker: true,
      disabled: false,
    });
  });
  it("'Disabled when no EVM or Solana wallet is connected.'", () => {
    expect(assetBadgeButton('pending', { hasEvmWallet: false, hasSolanaWallet: false }).disabled).toBe(true);
    expect(assetBadgeButton('pending', { hasEvmWallet: true, hasSolanaWallet: false }).disabled).toBe(false);
    expect(assetBadgeButton('pending', { hasEvmWallet: false, hasSolanaWallet: true }).disabled).toBe(false);
  });
  it("'The partner wallet connect button is disabled once status is not pending.'", () => {
    expect(isPartnerWalletConnectDisabled('pending')).toBe(false);
    expect(isPartnerWalletConnectDisabled('claimable')).toBe(true);
    expect(isPartnerWalletConnectDisabled('claimed')).toBe(true);
  });
  it("still pending 2 s after verify: 'Your assets do not meet the requirements for badge acquisition' (product.md 8)", () => {
    expect(pendingAfterVerifyToast('pending')).toBe(
      'Your assets do not meet the requirements for badge acquisition',
    );
    expect(pendingAfterVerifyToast('claimable')).toBeNull();
  });
  it("claim result: 'congrats / You just claimed 1 badge.' or 'sorry / You're not eligible.'", () => {
    expect(assetClaimResult(true)).toEqual({ title: 'congrats', body: 'You just claimed 1 badge.' });
    expect(assetClaimResult(false)).toEqual({ title: 'sorry', body: "You're not eligible." });
  });
});

describe("product.md 4 Tasks: 'The onboarding badge button is enabled only when claimable, and shows 'Onboarding badge claimed' after the claim.'", () => {
  it('enables and labels the button', () => {
    expect(onboardingBadgeButton('claimable').enabled).toBe(true);
    expect(onboardingBadgeButton('pending').enabled).toBe(false);
    expect(onboardingBadgeButton('claimed')).toEqual({ enabled: false, label: 'Onboarding badge claimed' });
    expect(onboardingBadgeButton('claimable').label).not.toBe('Onboarding badge claimed');
  });
});

describe('product.md 4 Badge check', () => {
  it("polls while the code is 'badge_check_or_mint_processing'", () => {
    expect(isBadgeCheckProcessing('badge_check_or_mint_processing')).toBe(true);
    expect(isBadgeCheckProcessing('success')).toBe(false);
  });
  it("'A check call answering 'processing' counts as ok.'", () => {
    expect(isBadgeCheckCallOk({ success: true })).toBe(true);
    expect(isBadgeCheckCallOk({ success: false, msgKey: 'badge_check_or_mint_processing' })).toBe(true);
    expect(isBadgeCheckCallOk({ success: false, code: 'badge_check_or_mint_processing' })).toBe(true);
    expect(isBadgeCheckCallOk({ success: false, msgKey: 'error' })).toBe(false);
  });
  it("'If it is above 0, refresh the badge lists.'", () => {
    expect(shouldRefreshBadgeLists(1)).toBe(true);
    expect(shouldRefreshBadgeLists(0)).toBe(false);
  });
});
