import { describe, expect, it } from 'vitest';
import { formatPoolShare, formatPriceChange, formatRacePercent, formatTrackChange } from './share';

describe("product.md 5 Other: 'Percentages in race shares are truncated to 4 decimals, then shown as percent with 2 decimals.'", () => {
  it('truncates the exact ratio (never rounds up)', () => {
    expect(formatRacePercent({ num: 1n, den: 3n })).toBe('33.33%');
    expect(formatRacePercent({ num: 2n, den: 3n })).toBe('66.66%');
    expect(formatRacePercent({ num: 99_999n, den: 1_000_000n })).toBe('9.99%');
    expect(formatRacePercent({ num: -123_456n, den: 10_000_000n })).toBe('-1.23%');
    expect(formatRacePercent({ num: -1n, den: 30_000n })).toBe('0.00%');
  });

  it('shows a coin’s change during the race, a settled track’s change and a track’s share of a pool', () => {
    expect(formatPriceChange(3_000n, 3_010n)).toBe('0.33%');
    expect(formatPriceChange(3_000n, 2_990n)).toBe('-0.33%');
    expect(
      formatTrackChange({
        symbol: 'BTC',
        lane: 1,
        place: 1,
        startPrice: '8',
        endPrice: '9',
        changeNum: '1',
        changeDen: '8',
      }),
    ).toBe('12.50%');
    expect(formatPoolShare(1n, 7n)).toBe('14.28%');
    expect(formatPoolShare(0n, 0n)).toBe('0.00%');
  });
});
