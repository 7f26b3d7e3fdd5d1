import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALLOW_TYPES,
  ASSET_TYPES,
  BADGE_CATEGORIES,
  BADGE_SERIES,
  BADGE_STATUSES,
  BUSINESS_TYPES,
  CLAIM_STATES,
  CONTACT_TYPES,
  isOneOf,
  LADDER_STATES,
  LOGIN_PROVIDERS,
  normalizeSourceType,
  ORDER_STATES,
  RULE_KINDS,
  SEASON_STATES,
  SESSION_KEY_STATUS,
  SOURCE_TYPES,
  SYNC_STATES,
  TASK_CODES,
  TASK_DOMAINS,
  TX_STATES,
  WALLET_TYPES,
} from './enums';

describe('spec 3 Enumerations', () => {
  it('lists every value word for word', () => {
    expect(LOGIN_PROVIDERS).toEqual(['google', 'twitter', 'apple']);
    expect(WALLET_TYPES).toEqual(['evm', 'solana']);
    expect(ASSET_TYPES).toEqual(['POINT', 'OJO']);
    expect(SOURCE_TYPES).toEqual(['web', 'DOJO_DASH']);
    expect(RULE_KINDS).toEqual(['PRIZE_POOL', 'RANK']);
    expect(BUSINESS_TYPES).toEqual(['points', 'ojo']);
    expect(BADGE_SERIES).toEqual([
      'OnboardingBadge',
      'DojoBadge',
      'DojoDash',
      'DailyDriver',
      'SplashRoi',
      'SplashTotalRoi',
      'Hood',
      'KyuTrainer',
    ]);
    expect(LADDER_STATES).toEqual(['up', 'down', 'keep', 'promotion']);
    expect(SEASON_STATES).toEqual(['closing', 'open', 'closed']);
    expect(ORDER_STATES).toEqual([
      'created',
      'approved',
      'done',
      'cancelled',
      'system_cancelled',
      'rejected',
    ]);
    expect(CLAIM_STATES).toEqual(['UN_CLAIMED', 'CLAIMED']);
    expect(ALLOW_TYPES).toEqual(['NO', 'GTD', 'FCFS']);
    expect(BADGE_CATEGORIES).toEqual(['LEADER_BOARD', 'EARLY_BIRD', 'ADMIN']);
    expect(CONTACT_TYPES).toEqual(['DISCORD', 'EMAIL', 'SUBSCRIBE']);
    expect(SYNC_STATES).toEqual(['UNSYNC', 'SYNCING', 'SYNCED']);
    expect(TX_STATES).toEqual(['PENDING', 'FINISHED', 'FAILED']);
    expect(TASK_CODES).toEqual([
      'sign_in',
      'wallet_bind',
      'connect_tg',
      'subject_post_x',
      'osp_profile_create',
    ]);
    expect(TASK_DOMAINS).toEqual(['social', 'discord', 'twitter', 'wallet', 'telegram']);
    expect(BADGE_STATUSES).toEqual(['pending', 'claimable', 'claimed']);
  });

  it("spec 4: 'Status codes: NotInitialized 0, Active 1, Closed 2, Expired 3.'", () => {
    expect(SESSION_KEY_STATUS).toEqual({ NotInitialized: 0, Active: 1, Closed: 2, Expired: 3 });
  });

  it('isOneOf narrows known values', () => {
    expect(isOneOf(TX_STATES, 'PENDING')).toBe(true);
    expect(isOneOf(TX_STATES, 'pending')).toBe(false);
    expect(isOneOf(TX_STATES, undefined)).toBe(false);
  });
});

describe("spec 3 Source types: 'unknown values fall back to web'", () => {
  it('keeps known source types', () => {
    expect(normalizeSourceType('web')).toBe('web');
    expect(normalizeSourceType('DOJO_DASH')).toBe('DOJO_DASH');
  });
  it('falls back to web', () => {
    expect(normalizeSourceType('WEB')).toBe('web');
    expect(normalizeSourceType('tiktok')).toBe('web');
    expect(normalizeSourceType(null)).toBe('web');
    expect(normalizeSourceType(7)).toBe('web');
  });
  it('property: always a known source type', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(SOURCE_TYPES).toContain(normalizeSourceType(value));
      }),
    );
  });
});
