import { BACKERS } from '@ojo/domain/constants';
import { describe, expect, it } from 'vitest';
import { backersLoopDurationMs } from './backers-loop';

describe('backersLoopDurationMs', () => {
  it('moves one row width at 203 px per second', () => {
    expect(BACKERS.pxPerSecond).toBe(203);
    expect(backersLoopDurationMs(203)).toBe(1000);
    expect(backersLoopDurationMs(4060)).toBe(20_000);
    // speed = distance / time, whatever the measured width
    const width = 5321.5;
    expect(width / (backersLoopDurationMs(width) / 1000)).toBeCloseTo(203, 9);
  });

  it('does not animate a row that has no width yet', () => {
    expect(backersLoopDurationMs(0)).toBe(0);
    expect(backersLoopDurationMs(Number.NaN)).toBe(0);
  });
});
