import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  acceptDecimalString,
  compareDecimals,
  fromBaseUnits,
  groupThousands,
  isPlainDecimal,
  multiplyFloor,
  numberToDecimalString,
  parseDecimal,
  roundDecimalFixed,
  toBaseUnits,
  truncateDecimal,
} from './decimal';

describe("product.md 5 Other: 'Balance and amount strings are accepted only if they match a plain signed decimal pattern, else shown as 0.'", () => {
  it('accepts plain signed decimals', () => {
    for (const ok of ['0', '12', '-12', '+12', '1.5', '-0.000001', '00012.3400']) {
      expect(isPlainDecimal(ok)).toBe(true);
      expect(acceptDecimalString(ok)).toBe(ok);
    }
  });

  it('shows anything else as 0', () => {
    for (const bad of ['', ' 1', '1e5', '1.', '.5', '1,000', 'NaN', '--1', '0x10', 'Infinity']) {
      expect(isPlainDecimal(bad)).toBe(false);
      expect(acceptDecimalString(bad)).toBe('0');
    }
    expect(acceptDecimalString(null)).toBe('0');
    expect(acceptDecimalString(undefined)).toBe('0');
    expect(acceptDecimalString({})).toBe('0');
    expect(acceptDecimalString(Number.NaN)).toBe('0');
    expect(acceptDecimalString(Number.POSITIVE_INFINITY)).toBe('0');
  });

  it('accepts finite numbers and bigints, written without exponent', () => {
    expect(acceptDecimalString(0.3)).toBe('0.3');
    expect(acceptDecimalString(1e-7)).toBe('0.0000001');
    expect(acceptDecimalString(-2.5e-8)).toBe('-0.000000025');
    expect(acceptDecimalString(1.5e21)).toBe('1500000000000000000000');
    expect(acceptDecimalString(1.234e22)).toBe('12340000000000000000000');
    expect(acceptDecimalString(12n)).toBe('12');
  });

  it('property: never throws on any string and always returns a plain decimal', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(isPlainDecimal(acceptDecimalString(text))).toBe(true);
      }),
    );
  });

  it('property: numbers round-trip through their decimal text', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const text = numberToDecimalString(value)!;
        expect(isPlainDecimal(text)).toBe(true);
        expect(Number(text)).toBe(value === 0 ? 0 : value);
      }),
    );
  });
});

describe('exact decimal arithmetic (money never goes through floats, ARCHITECTURE.md (API conventions))', () => {
  it('parses into units and scale', () => {
    expect(parseDecimal('-1.50')).toEqual({ negative: true, units: 150n, scale: 2 });
    expect(parseDecimal('-0')).toEqual({ negative: false, units: 0n, scale: 0 });
    expect(parseDecimal(-3n)).toEqual({ negative: true, units: 3n, scale: 0 });
    expect(parseDecimal('x')).toBeNull();
  });

  it('converts to and from base units', () => {
    expect(toBaseUnits('1.5', 18)).toBe(1_500_000_000_000_000_000n);
    expect(toBaseUnits('-0.123456789', 8)).toBe(-12_345_678n);
    expect(toBaseUnits('bad', 18)).toBeNull();
    expect(fromBaseUnits(1_500_000_000_000_000_000n, 18)).toBe('1.5');
    expect(fromBaseUnits(-1n, 18)).toBe('-0.000000000000000001');
    expect(fromBaseUnits(0n, 18)).toBe('0');
    expect(fromBaseUnits(42n, 0)).toBe('42');
  });

  it('compares exactly where floats would not', () => {
    expect(compareDecimals('0.1', '0.10')).toBe(0);
    expect(compareDecimals('0.30000000000000001', '0.3')).toBe(1);
    expect(compareDecimals('-1', '0')).toBe(-1);
    expect(compareDecimals('bad', '0')).toBe(0);
  });

  it('multiplies with floor', () => {
    expect(multiplyFloor('0.1', '3')).toBe(0n);
    expect(multiplyFloor('1.0001', '10000')).toBe(10_001n);
    expect(multiplyFloor('0.123456789012345678', '3500.5')).toBe(432n);
    expect(multiplyFloor('-1.5', '1')).toBe(-2n);
    expect(multiplyFloor('-2', '1')).toBe(-2n);
    expect(multiplyFloor('x', '1')).toBeNull();
  });

  it('truncates and rounds', () => {
    expect(truncateDecimal('1.999999999', 8)).toBe('1.99999999');
    expect(truncateDecimal('-1.999999999', 8)).toBe('-1.99999999');
    expect(truncateDecimal('bad', 8)).toBe('0');
    expect(roundDecimalFixed('1.005', 2)).toBe('1.01');
    expect(roundDecimalFixed('1.004', 2)).toBe('1.00');
    expect(roundDecimalFixed('-0.004', 2)).toBe('0.00');
    expect(roundDecimalFixed('-2.5', 0)).toBe('-3');
    expect(roundDecimalFixed('7', 2)).toBe('7.00');
  });

  it("groups the integer part by 3 digits (product.md 5 Other: '3-digit grouping')", () => {
    expect(groupThousands('1234567.891')).toBe('1,234,567.891');
    expect(groupThousands('-1000')).toBe('-1,000');
    expect(groupThousands('999')).toBe('999');
  });

  it('property: base-unit conversion round-trips', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.integer({ min: 0, max: 20 }),
        (units, d) => {
          const text = fromBaseUnits(units, d);
          expect(toBaseUnits(text, d)).toBe(units);
          // Canonical: no leading zero but the one before the point, no trailing zero, no '-0'.
          expect(text).toMatch(/^(0|-?[1-9]\d*|-?0\.\d*[1-9]|-?[1-9]\d*\.\d*[1-9])$/);
        },
      ),
    );
  });
});
