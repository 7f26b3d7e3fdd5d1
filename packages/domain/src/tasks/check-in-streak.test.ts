import { describe, expect, it } from 'vitest';
import {
  type CheckInRules,
  checkedDaysOf,
  daysBetween,
  ladderDayFor,
  nextUtcDayStartMs,
  utcDayOf,
} from './check-in-streak';

const reset: CheckInRules = { missedDay: 'reset', afterLastDay: 'restart' };
const keep: CheckInRules = { missedDay: 'keep', afterLastDay: 'repeat_last' };

describe('product.md 3 Check-in status: a day is a UTC day', () => {
  it('names the UTC day of an instant, whatever the local time zone would say', () => {
    expect(utcDayOf(Date.parse('2026-11-22T23:59:59.999Z'))).toBe('2026-11-22');
    expect(utcDayOf(Date.parse('2026-11-23T00:00:00.000Z'))).toBe('2026-11-23');
    expect(utcDayOf(Date.parse('2026-11-23T01:30:00+05:00'))).toBe('2026-11-22');
  });
  it('counts whole days across months and years, and the next day starts at midnight UTC', () => {
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2026-02-27', '2026-03-02')).toBe(3);
    expect(new Date(nextUtcDayStartMs('2026-12-31')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});

describe('product.md 4 Check-in: the streak follows the rules', () => {
  it('starts at day 1 and moves one day per consecutive day', () => {
    expect(ladderDayFor(null, '2026-11-22', 7, reset)).toBe(1);
    expect(ladderDayFor({ day: '2026-11-22', ladderDay: 1 }, '2026-11-23', 7, reset)).toBe(2);
    expect(ladderDayFor({ day: '2026-11-22', ladderDay: 1 }, '2026-11-22', 7, reset)).toBe(1);
  });
  it('after a missed day: reset starts again at day 1, keep goes on', () => {
    const previous = { day: '2026-11-20', ladderDay: 3 };
    expect(ladderDayFor(previous, '2026-11-22', 7, reset)).toBe(1);
    expect(ladderDayFor(previous, '2026-11-22', 7, keep)).toBe(4);
  });
  it('after the last day: restart goes back to day 1, repeat_last stays on it', () => {
    const previous = { day: '2026-11-21', ladderDay: 7 };
    expect(ladderDayFor(previous, '2026-11-22', 7, reset)).toBe(1);
    expect(ladderDayFor(previous, '2026-11-22', 7, keep)).toBe(7);
  });
  it('counts the checked days of the current streak for the day list', () => {
    expect(checkedDaysOf(null, '2026-11-22', 7, reset)).toBe(0);
    expect(checkedDaysOf({ day: '2026-11-22', ladderDay: 3 }, '2026-11-22', 7, reset)).toBe(3);
    expect(checkedDaysOf({ day: '2026-11-21', ladderDay: 3 }, '2026-11-22', 7, reset)).toBe(3);
    expect(checkedDaysOf({ day: '2026-11-19', ladderDay: 3 }, '2026-11-22', 7, reset)).toBe(0);
    expect(checkedDaysOf({ day: '2026-11-19', ladderDay: 3 }, '2026-11-22', 7, keep)).toBe(3);
  });
  it('refuses an empty ladder', () => {
    expect(() => ladderDayFor(null, '2026-11-22', 0, reset)).toThrow(RangeError);
  });
});
