import type { CheckInStatusResult } from '@ojo/api-contract/check-in';

/** The streak rules, as the data sets them, in the words the screen shows (product.md 2: the ladder is shown). */
export function describeCheckInRules(status: CheckInStatusResult): string[] {
  const lastDay = status.checkInReward.length;
  return [
    status.missedDay === 'reset'
      ? 'Miss a day and your streak starts again at day 1.'
      : 'A missed day does not break your streak.',
    status.afterLastDay === 'restart'
      ? `After day ${lastDay}, the ladder starts again at day 1.`
      : `After day ${lastDay}, every check-in pays day ${lastDay}'s reward.`,
  ];
}

/** 'HH:mm UTC' of the next day's start, the moment the next check-in opens. */
export function utcTimeOf(timestampMs: number): string {
  return `${new Date(timestampMs).toISOString().slice(11, 16)} UTC`;
}
