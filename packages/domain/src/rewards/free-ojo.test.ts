import { describe, expect, it } from 'vitest';
import { freeOjoLockOf, freeOjoLockText } from './free-ojo';

const DAY = 86_400_000;
const rules = { unlockDays: 7, unlockBet: 1000n };
const created = Date.parse('2026-11-01T00:00:00Z');
const facts = {
  freeCredited: 50n,
  balance: 250n,
  hasProfile: true,
  accountCreatedAtMs: created,
  ojoBet: 1000n,
  nowMs: created + 7 * DAY,
};

describe("docs/economy.md 'OJO from a free source stays locked until stated conditions are met'", () => {
  it('locks the free OJO while any condition is missing, and nothing once all hold', () => {
    expect(freeOjoLockOf(facts, rules).locked).toBe(0n);
    expect(freeOjoLockOf({ ...facts, hasProfile: false }, rules).locked).toBe(50n);
    expect(freeOjoLockOf({ ...facts, nowMs: created + 7 * DAY - 1 }, rules).locked).toBe(50n);
    expect(freeOjoLockOf({ ...facts, ojoBet: 999n }, rules).locked).toBe(50n);
  });

  it('locks at most the balance (free OJO lost in races is gone) and nothing without free OJO', () => {
    expect(freeOjoLockOf({ ...facts, hasProfile: false, balance: 20n }, rules).locked).toBe(20n);
    expect(freeOjoLockOf({ ...facts, hasProfile: false, balance: -5n }, rules).locked).toBe(0n);
    expect(freeOjoLockOf({ ...facts, hasProfile: false, freeCredited: 0n }, rules).locked).toBe(0n);
  });

  it('says what is locked and what is missing', () => {
    const lock = freeOjoLockOf(
      { ...facts, hasProfile: false, ojoBet: 200n, nowMs: created + 3 * DAY + 5 },
      rules,
    );
    expect(freeOjoLockText(lock)).toBe(
      '50 OJO from free rewards is locked until you create your profile, play for 7 days (day 3 now), ' +
        'bet 1000 OJO in races (200 so far).',
    );
    expect(freeOjoLockText(freeOjoLockOf(facts, rules))).toBeNull();
  });
});
