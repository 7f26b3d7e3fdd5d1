import type { AssetType } from '../enums';

/** product.md 3 Check-in status. */
export interface CheckInStatus {
  checkIn: boolean;
  checkInDays: number;
  checkInReward: readonly { index: number; amount: number | string }[];
  todayReward?: number | string | null;
  todayRewardType?: AssetType | null;
}

/** product.md 4 Check-in: 'The coin reward popup shows if the reward task status is falsy.' */
export function shouldShowCoinRewardPopup(rewardTaskStatus: unknown): boolean {
  return !rewardTaskStatus;
}

export interface CheckInDay {
  index: number;
  amount: number | string;
  isChecked: boolean;
  isToday: boolean;
}

/**
 * product.md 2 Check-in: 'a day list with rewards'. Days before the streak count are checked; today is the next one,
 * or the last checked one when today's check-in is done.
 */
export function checkInDays(status: CheckInStatus): CheckInDay[] {
  const days = [...status.checkInReward].sort((a, b) => a.index - b.index);
  const checked = Math.max(0, Math.min(status.checkInDays, days.length));
  const todayPosition = status.checkIn ? checked - 1 : checked;
  return days.map((day, position) => ({
    index: day.index,
    amount: day.amount,
    isChecked: position < checked,
    isToday: position === todayPosition,
  }));
}
