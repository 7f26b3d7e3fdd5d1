import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filterReferralCodeInput, isValidReferralCode, selectReferralCode } from './referral-code';

const anyString = fc.string({ unit: 'binary', maxLength: 40 });

describe("product.md 5 Referral code: 'Only letters and digits, up to 6 characters. Other input is ignored.'", () => {
  it('keeps letters and digits and drops everything else', () => {
    expect(filterReferralCodeInput('ab-12 c!')).toBe('ab12c');
    expect(filterReferralCodeInput('  Xy9 ')).toBe('Xy9');
    expect(filterReferralCodeInput('ünï©ode')).toBe('node');
    expect(filterReferralCodeInput('')).toBe('');
  });

  it('ignores input after the sixth kept character (product.md 9: max 6 alphanumeric characters)', () => {
    expect(filterReferralCodeInput('ABCDEFGH')).toBe('ABCDEF');
    expect(filterReferralCodeInput('a-b-c-d-e-f-g')).toBe('abcdef');
  });

  it('accepts 1 to 6 letters and digits, rejects the rest', () => {
    expect(isValidReferralCode('A1b2C3')).toBe(true);
    expect(isValidReferralCode('x')).toBe(true);
    expect(isValidReferralCode('')).toBe(false);
    expect(isValidReferralCode('ABCDEFG')).toBe(false);
    expect(isValidReferralCode('ab_12')).toBe(false);
    expect(isValidReferralCode('ab 12')).toBe(false);
  });

  it('property: the filter is idempotent, never throws, and its non-empty output always passes the check', () => {
    fc.assert(
      fc.property(anyString, (raw) => {
        const once = filterReferralCodeInput(raw);
        expect(filterReferralCodeInput(once)).toBe(once);
        expect(once.length).toBeLessThanOrEqual(6);
        if (once !== '') expect(isValidReferralCode(once)).toBe(true);
      }),
    );
  });

  it('property: a valid code passes through the filter unchanged', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9]{1,6}$/), (code) => {
        expect(filterReferralCodeInput(code)).toBe(code);
      }),
    );
  });
});

describe("product.md 5 Other: 'The invite code is sent only when one is selected or defaulted, otherwise empty.'", () => {
  it('prefers the selected code, then the default one, else empty', () => {
    expect(selectReferralCode('SEL123', 'DEF456')).toBe('SEL123');
    expect(selectReferralCode('', 'DEF456')).toBe('DEF456');
    expect(selectReferralCode(null, 'DEF456')).toBe('DEF456');
    expect(selectReferralCode(undefined, undefined)).toBe('');
    expect(selectReferralCode('', null)).toBe('');
  });
});
