import { describe, expect, it } from 'vitest';
import { raceIntro, raceLengthText, SPEC_RACE_LENGTH } from './race';

const timeline = (raceMs: number) => ({
  opensAtMs: 1_000_000,
  closesAtMs: 1_030_000,
  raceEndsAtMs: 1_030_000 + raceMs,
  resultsEndAtMs: 1_030_000 + raceMs + 10_000,
});

describe('race intro line', () => {
  it('takes the race length from the round timeline (GAME_RACE_MS is configuration, not 20 s)', () => {
    expect(raceIntro(timeline(45_000))).toBe(
      'Pick the coins that rise the most in 45 seconds. The top 2 share the pool.',
    );
    expect(raceLengthText(timeline(20_000))).toBe('20 seconds');
    expect(raceLengthText(timeline(7_400))).toBe('7 seconds');
    expect(raceLengthText(timeline(1_000))).toBe('1 second');
  });

  it("falls back to product.md 9's 'about 30 seconds' when no round is known or the timeline has no race", () => {
    expect(SPEC_RACE_LENGTH).toBe('about 30 seconds');
    expect(raceIntro(null)).toBe(
      'Pick the coins that rise the most in about 30 seconds. The top 2 share the pool.',
    );
    expect(raceLengthText(undefined)).toBe('about 30 seconds');
    expect(raceLengthText(timeline(0))).toBe('about 30 seconds');
  });
});
