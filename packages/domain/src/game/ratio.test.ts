import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUSINESS_TYPES } from '../enums';
import {
  CURRENCY_BUSINESS_TYPE,
  currencyOfBusinessType,
  isBaseUnits,
  parseBaseUnits,
  zeroByCurrency,
} from './amount';
import { changeRatio, compareRatios, truncateRatio } from './ratio';

describe('exact ratios', () => {
  it('property: compareRatios agrees with comparing a/b and c/d by cross-multiplication', () => {
    const r = fc.record({
      num: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
      den: fc.bigInt({ min: 1n, max: 10n ** 30n }),
    });
    fc.assert(
      fc.property(r, r, (a, b) => {
        // Scale both to a common denominator: a.num * b.den vs b.num * a.den.
        const expected = Math.sign(Number(a.num * b.den - b.num * a.den));
        expect(compareRatios(a, b)).toBe(expected === 0 ? 0 : expected);
        expect(compareRatios(b, a)).toBe(-expected || 0);
      }),
    );
  });

  it('a change is (end - start) / start and needs a start above 0', () => {
    expect(changeRatio(200n, 250n)).toEqual({ num: 50n, den: 200n });
    expect(() => changeRatio(0n, 1n)).toThrow('above 0');
  });

  it('truncates toward zero, with no sign on a zero', () => {
    expect(truncateRatio({ num: 1n, den: 3n }, 4)).toBe('0.3333');
    expect(truncateRatio({ num: -2n, den: 3n }, 4)).toBe('-0.6666');
    expect(truncateRatio({ num: -1n, den: 30_000n }, 4)).toBe('0.0000');
    expect(truncateRatio({ num: 123_456n, den: 1000n }, 2)).toBe('123.45');
    expect(truncateRatio({ num: 7n, den: 2n }, 0)).toBe('3');
    expect(() => truncateRatio({ num: 1n, den: 0n }, 2)).toThrow('denominator');
  });
});

describe("product.md 3 'Asset and point types: POINT, OJO.' / 'Tab/business types: points, ojo.'", () => {
  it('maps each currency to its tab and back', () => {
    for (const businessType of BUSINESS_TYPES)
      expect(CURRENCY_BUSINESS_TYPE[currencyOfBusinessType(businessType)]).toBe(businessType);
  });

  it('reads amounts in base units only as plain non-negative integers', () => {
    expect(parseBaseUnits('0')).toBe(0n);
    expect(parseBaseUnits('1000000000000000000000')).toBe(10n ** 21n);
    for (const bad of ['', '-1', '01', '1.5', '1e3', ' 1', '0x10']) expect(isBaseUnits(bad)).toBe(false);
    expect(isBaseUnits(5)).toBe(false);
    expect(() => parseBaseUnits('-1')).toThrow('base units');
    expect(zeroByCurrency()).toEqual({ OJO: '0', POINT: '0' });
  });
});
