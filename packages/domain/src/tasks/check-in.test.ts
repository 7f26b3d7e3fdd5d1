import { describe, expect, it } from 'vitest';
import { checkInDays, shouldShowCoinRewardPopup } from './check-in';

describe("product.md 4 Check-in: 'The coin reward popup shows if the reward task status is falsy.'", () => {
  it('shows for falsy statuses only', () => {
    expect(shouldShowCoinRewardPopup(0)).toBe(true);
    expect(shouldShowCoinRewardPopup(undefined)).toBe(true);
    expect(shouldShowCoinRewardPopup(1)).toBe(false);
    expect(shouldShowCoinRewardPopup('DONE')).toBe(false);
  });
});

describe("product.md 2 Check-in: 'a day list with rewards'", () => {
  const rewards = [
    { index: 2, amount: 20 },
    { index: 1, amount: 10 },
    { index: 3, amount: 30 },
  ];
  it('marks the streak checked and the next day as today', () => {
    expect(checkInDays({ checkIn: false, checkInDays: 1, checkInReward: rewards })).toEqual([
      { index: 1, amount: 10, isChecked: true, isToday: false },
      { index: 2, amount: 20, isChecked: false, isToday: true },
      { index: 3, amount: 30, isChecked: false, isToday: false },
    ]);
  });
  it("after today's check-in, today is the last checked day", () => {
    const days = checkInDays({ checkIn: true, checkInDays: 2, checkInReward: rewards });
    expect(days.map((d) => [d.isChecked, d.isToday])).toEqual([
      [true, false],
      [true, true],
      [false, false],
    ]);
  });
  it('clamps a streak longer than the list', () => {
    const days = checkInDays({ checkIn: true, checkInDays: 9, checkInReward: rewards });
    expect(days.every((d) => d.isChecked)).toBe(true);
    expect(days[2]!.isToday).toBe(true);
  });
});
