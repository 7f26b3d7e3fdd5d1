/**
 * The daily check-in's calendar and streak (product.md 3 Check-in status, product.md 4 Check-in). A day is a UTC day, the same
 * for every player wherever they are. The reward ladder and what a missed day does are data an operator sets
 * (`check_in_rewards`, `check_in_rules`); these functions only apply them.
 */

/** What a day without a check-in does to the streak. */
export const MISSED_DAY_RULES = ['reset', 'keep'] as const;
export type MissedDayRule = (typeof MISSED_DAY_RULES)[number];

/** What follows the last day of the ladder. */
export const AFTER_LAST_DAY_RULES = ['restart', 'repeat_last'] as const;
export type AfterLastDayRule = (typeof AFTER_LAST_DAY_RULES)[number];

export interface CheckInRules {
  missedDay: MissedDayRule;
  afterLastDay: AfterLastDayRule;
}

/** The last check-in before today: its UTC day ('YYYY-MM-DD') and its day on the ladder (1-based). */
export interface PreviousCheckIn {
  day: string;
  ladderDay: number;
}

const MS_PER_DAY = 86_400_000;

/** The UTC day of an instant, as 'YYYY-MM-DD'. */
export function utcDayOf(nowMs: number): string {
  return new Date(nowMs).toISOString().slice(0, 10);
}

/** When the UTC day after `day` starts (ms since the epoch): the next check-in opens then. */
export function nextUtcDayStartMs(day: string): number {
  return Date.parse(`${day}T00:00:00.000Z`) + MS_PER_DAY;
}

/** Whole UTC days from `from` to `to` ('2026-01-01' to '2026-01-02' is 1). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / MS_PER_DAY);
}

/**
 * The ladder day a check-in on `today` earns. The first check-in is day 1; the day after a check-in is the next
 * day; after a missed day the rule decides (reset: day 1 again; keep: the next day as if none was missed); past the
 * last day the rule decides (restart: day 1; repeat_last: the last day again).
 */
export function ladderDayFor(
  previous: PreviousCheckIn | null,
  today: string,
  ladderLength: number,
  rules: CheckInRules,
): number {
  if (ladderLength < 1) throw new RangeError('the check-in ladder has no days');
  if (!previous) return 1;
  const gap = daysBetween(previous.day, today);
  if (gap <= 0) return previous.ladderDay;
  if (gap > 1 && rules.missedDay === 'reset') return 1;
  const next = previous.ladderDay + 1;
  if (next <= ladderLength) return next;
  return rules.afterLastDay === 'restart' ? 1 : ladderLength;
}

/**
 * product.md 3 'checkInDays': the days of the current streak already checked, as the day list shows them. After today's
 * check-in it is today's ladder day; before it, the days before the one today would earn.
 */
export function checkedDaysOf(
  previous: PreviousCheckIn | null,
  today: string,
  ladderLength: number,
  rules: CheckInRules,
): number {
  if (previous && previous.day === today) return previous.ladderDay;
  return ladderDayFor(previous, today, ladderLength, rules) - 1;
}
