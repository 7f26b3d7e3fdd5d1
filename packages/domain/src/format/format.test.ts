import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shortenAddress } from './address';
import { formatAmount, formatApproxUsd, formatUsd } from './amount';
import { formatMonthDayTime, toTimestampMs } from './date';
import { groupThousands, roundDecimalFixed, truncateDecimal } from './decimal';
import { formatRaceSharePercent } from './percent';
import { formatVolume } from './volume';

describe("product.md 5 Other: 'up to 8 decimals for amounts, 2 for USD, 3-digit grouping'", () => {
  it('formats amounts with up to 8 decimals and grouping', () => {
    expect(formatAmount('1234567.123456789')).toBe('1,234,567.12345678');
    expect(formatAmount('0.10000000')).toBe('0.1');
    expect(formatAmount('1000')).toBe('1,000');
    expect(formatAmount('-0.000000019')).toBe('-0.00000001');
    expect(formatAmount(0.3)).toBe('0.3');
    expect(formatAmount('12.3456', 2)).toBe('12.34');
  });

  it('shows non-decimal input as 0 (product.md 5 Other)', () => {
    expect(formatAmount('abc')).toBe('0');
    expect(formatAmount(undefined)).toBe('0');
    expect(formatUsd('1e3')).toBe('0.00');
  });

  it('formats USD with exactly 2 decimals', () => {
    expect(formatUsd('1234.5')).toBe('1,234.50');
    expect(formatUsd('0.005')).toBe('0.01');
    expect(formatUsd('1999999.999')).toBe('2,000,000.00');
    expect(formatApproxUsd('12.3')).toBe('≈ $12.30');
    expect(formatApproxUsd('-12.3')).toBe('≈ -$12.30');
  });

  it('property: formatAmount never throws and shows at most 8 decimals', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: 'binary' }), fc.stringMatching(/^-?\d{1,20}\.\d{1,20}$/)),
        (text) => {
          const shown = formatAmount(text);
          expect(shown).toMatch(/^-?\d{1,3}(,\d{3})*(\.\d{1,8})?$/);
        },
      ),
    );
  });
});

describe("product.md 5 Other: 'Addresses longer than 10 characters show as the first 6 characters, an ellipsis and the last 4.'", () => {
  it('shortens long addresses and keeps short ones', () => {
    expect(shortenAddress('0x1234567890abcdef1234567890abcdef12345678')).toBe('0x1234...5678');
    expect(shortenAddress('0123456789A')).toBe('012345...789A');
    expect(shortenAddress('0123456789')).toBe('0123456789');
    expect(shortenAddress(null)).toBe('');
  });
});

describe("product.md 5 Other: 'Volumes use K, M, B for thousands, millions, billions.'", () => {
  it.each([
    ['0', '0'],
    ['999', '999'],
    ['999.999', '999.99'],
    ['1000', '1K'],
    ['1999', '1.99K'],
    ['1234567', '1.23M'],
    ['2500000000', '2.5B'],
    ['1234567890123', '1,234.56B'],
    ['-1500', '-1.5K'],
    ['-0.001', '0'],
    [12_500, '12.5K'],
    ['junk', '0'],
  ])('%j -> %j', (value, expected) => {
    expect(formatVolume(value)).toBe(expected);
  });
});

describe("product.md 5 Other: 'Percentages in race shares are truncated to 4 decimals, then shown as percent with 2 decimals.'", () => {
  it.each([
    [0.123456, '12.34%'],
    [0.29, '29.00%'],
    ['0.99999', '99.99%'],
    [1, '100.00%'],
    [0, '0.00%'],
    ['0.00009', '0.00%'],
    [-0.5, '-50.00%'],
    ['bad', '0.00%'],
  ])('%j -> %j', (share, expected) => {
    expect(formatRaceSharePercent(share)).toBe(expected);
  });

  it('property: matches the truncation done on integers', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (millionths) => {
        const share = (millionths / 1_000_000).toFixed(6);
        const basisPoints = Math.floor(millionths / 100);
        const expected = `${Math.floor(basisPoints / 100)}.${String(basisPoints % 100).padStart(2, '0')}%`;
        expect(formatRaceSharePercent(share)).toBe(expected);
      }),
    );
  });
});

describe("product.md 2 Wallet History: 'a date as MM/DD HH:mm'", () => {
  const at = Date.UTC(2025, 0, 5, 23, 7, 0); // 2025-01-05 23:07 UTC

  it('formats at an explicit offset from UTC', () => {
    expect(formatMonthDayTime(at, 0)).toBe('01/05 23:07');
    expect(formatMonthDayTime(at, 480)).toBe('01/06 07:07');
    expect(formatMonthDayTime(at, -300)).toBe('01/05 18:07');
  });

  it('formats in local time (the suite runs with TZ=Asia/Shanghai, UTC+8)', () => {
    expect(formatMonthDayTime(at)).toBe('01/06 07:07');
  });

  it('gives an empty text for an invalid timestamp', () => {
    expect(formatMonthDayTime(Number.NaN)).toBe('');
  });

  it('reads timestamps in seconds or milliseconds', () => {
    expect(toTimestampMs(1_736_118_420)).toBe(1_736_118_420_000);
    expect(toTimestampMs('1736118420000')).toBe(1_736_118_420_000);
    expect(toTimestampMs('x')).toBeNaN();
  });
});

describe('Intl.NumberFormat formats exactly, as exact decimal arithmetic does (no float on the way)', () => {
  const decimals = fc.stringMatching(/^[-+]?\d{1,30}(\.\d{1,30})?$/);

  it('property: amounts equal the exact cut to 8 decimals with 3-digit grouping, never -0', () => {
    fc.assert(
      fc.property(decimals, (value) => {
        const expected = groupThousands(truncateDecimal(value, 8)).replace(/^\+/, '');
        expect(formatAmount(value)).toBe(expected === '-0' ? '0' : expected);
      }),
    );
  });

  it('property: USD equals the exact half-away-from-zero rounding to 2 decimals with grouping', () => {
    fc.assert(
      fc.property(decimals, (value) => {
        expect(formatUsd(value)).toBe(groupThousands(roundDecimalFixed(value, 2)).replace(/^\+/, ''));
      }),
    );
  });

  it('shows volumes past a trillion in billions, since the spec has no unit above B', () => {
    expect(formatVolume('1234567890123')).toBe('1,234.56B');
    expect(formatVolume('-999999999999.999')).toBe('-999.99B');
  });
});
