import type { ProgressItem } from './badge';

/** The progress item types the badge service emits (ours; the spec names none). */
export const PROGRESS_TYPES = [
  'race_count',
  'check_in_days',
  'bet_volume',
  'splash_roi',
  'splash_total_roi',
  'invite_count',
  'task_count',
  'asset_hold',
] as const;
export type ProgressType = (typeof PROGRESS_TYPES)[number];

/** product.md 5 Badge progress: 'The progress bar shows only for certain named progress types' - counters, not ratios. */
export const PROGRESS_BAR_TYPES: readonly string[] = [
  'race_count',
  'check_in_days',
  'bet_volume',
  'invite_count',
];

interface CountedItem {
  type: string;
  value: number;
  condition: number;
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(value.trim())) return Number(value);
  return null;
}

/**
 * product.md 5 Badge progress: 'Counts only items with a string type, numeric value and numeric condition above zero.'
 */
export function countedProgressItems(items: readonly ProgressItem[] | null | undefined): CountedItem[] {
  const counted: CountedItem[] = [];
  for (const item of items ?? []) {
    const value = toNumber(item.value);
    const condition = toNumber(item.condition);
    if (typeof item.type === 'string' && value !== null && condition !== null && condition > 0) {
      counted.push({ type: item.type, value, condition });
    }
  }
  return counted;
}

export interface BadgeProgress {
  /** Sum of values, capped at the total condition. */
  current: number;
  /** Sum of conditions. */
  total: number;
}

/** product.md 5 Badge progress: 'Progress is the sum of values, capped at the sum of conditions.' */
export function badgeProgress(items: readonly ProgressItem[] | null | undefined): BadgeProgress {
  const counted = countedProgressItems(items);
  const total = counted.reduce((sum, item) => sum + item.condition, 0);
  const sum = counted.reduce((acc, item) => acc + item.value, 0);
  return { current: Math.min(sum, total), total };
}

/**
 * product.md 5 Badge progress: 'The progress bar shows only for certain named progress types and when the total
 * condition is nonzero.'
 */
export function shouldShowProgressBar(
  items: readonly ProgressItem[] | null | undefined,
  barTypes: readonly string[] = PROGRESS_BAR_TYPES,
): boolean {
  const counted = countedProgressItems(items);
  return badgeProgress(items).total !== 0 && counted.some((item) => barTypes.includes(item.type));
}
