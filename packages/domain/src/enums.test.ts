import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isOneOf, normalizeSourceType, SOURCE_TYPES, TX_STATES } from './enums';

describe('isOneOf', () => {
  it('isOneOf narrows known values', () => {
    expect(isOneOf(TX_STATES, 'PENDING')).toBe(true);
    expect(isOneOf(TX_STATES, 'pending')).toBe(false);
    expect(isOneOf(TX_STATES, undefined)).toBe(false);
  });
});

describe("product.md 3 Source types: 'unknown values fall back to web'", () => {
  it('keeps known source types', () => {
    expect(normalizeSourceType('web')).toBe('web');
    expect(normalizeSourceType('DOJO_DASH')).toBe('DOJO_DASH');
  });
  it('falls back to web', () => {
    expect(normalizeSourceType('WEB')).toBe('web');
    expect(normalizeSourceType('tiktok')).toBe('web');
    expect(normalizeSourceType(null)).toBe('web');
    expect(normalizeSourceType(7)).toBe('web');
  });
  it('property: always a known source type', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(SOURCE_TYPES).toContain(normalizeSourceType(value));
      }),
    );
  });
});
