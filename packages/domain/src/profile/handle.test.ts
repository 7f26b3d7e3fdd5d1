import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canSubmitHandle,
  checkHandleAvailable,
  defaultHandleFromAddress,
  HANDLE_PATTERN,
  validateHandle,
} from './handle';

const HANDLE_ERROR = 'Restrict input to lowercase letters,numbers,underscores,Must be 4 and 15 characters.';

describe("product.md 5 Profile handle: 'Lowercase letters, digits and underscores only, 4 to 15 characters.'", () => {
  it('accepts lowercase letters, digits and underscores of length 4 to 15', () => {
    expect(validateHandle('abcd')).toBeNull();
    expect(validateHandle('a_1_b_2')).toBeNull();
    expect(validateHandle('abcdefghijklmno')).toBeNull(); // 15
    expect(validateHandle('____')).toBeNull();
  });

  it('rejects with the exact error text, word for word', () => {
    expect(validateHandle('abc')).toBe(HANDLE_ERROR); // 3
    expect(validateHandle('abcdefghijklmnop')).toBe(HANDLE_ERROR); // 16
    expect(validateHandle('Abcd')).toBe(HANDLE_ERROR);
    expect(validateHandle('ab-cd')).toBe(HANDLE_ERROR);
    expect(validateHandle('ab cd')).toBe(HANDLE_ERROR);
    expect(validateHandle('abcd\n')).toBe(HANDLE_ERROR);
    expect(validateHandle('')).toBe(HANDLE_ERROR);
  });

  it('property: validateHandle agrees with the pattern and never throws', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 20 }), (handle) => {
        expect(validateHandle(handle) === null).toBe(HANDLE_PATTERN.test(handle));
      }),
    );
  });
});

describe("product.md 5: a whitelisted handle is rejected with 'This handle name is not available. Please try another.'", () => {
  it('rejects handles in the whitelist, case-insensitively', () => {
    expect(checkHandleAvailable('admin', ['admin', 'root'])).toBe(
      'This handle name is not available. Please try another.',
    );
    expect(checkHandleAvailable('admin', ['ADMIN'])).toBe(
      'This handle name is not available. Please try another.',
    );
    expect(checkHandleAvailable('player_1', ['admin'])).toBeNull();
    expect(checkHandleAvailable('player_1', [])).toBeNull();
  });
});

describe("product.md 2 Create profile: 'prefilled with a default built from the last 6 characters of the account address'", () => {
  it('takes the last 6 characters, lowercased', () => {
    expect(defaultHandleFromAddress('0x1234567890abcdef1234567890ABCDEF12345678')).toBe('345678');
    expect(defaultHandleFromAddress('0x00000000000000000000000000000000DeaDBeeF')).toBe('adbeef');
  });

  it('gives no default when the address cannot make a valid handle', () => {
    expect(defaultHandleFromAddress('')).toBe('');
    expect(defaultHandleFromAddress('0x..!')).toBe('');
    expect(defaultHandleFromAddress('--ab--')).toBe('');
  });

  it('property: a non-empty default always passes validateHandle', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 50 }), (address) => {
        const handle = defaultHandleFromAddress(address);
        if (handle !== '') expect(validateHandle(handle)).toBeNull();
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^0x[0-9a-fA-F]{40}$/), (address) => {
        const handle = defaultHandleFromAddress(address);
        expect(handle).toBe(address.slice(-6).toLowerCase());
        expect(validateHandle(handle)).toBeNull();
      }),
    );
  });
});

describe("product.md 5: 'Create is disabled when the input is empty or an error is set.'", () => {
  it('allows submit only with input and no error', () => {
    expect(canSubmitHandle('abcd', null)).toBe(true);
    expect(canSubmitHandle('abcd', undefined)).toBe(true);
    expect(canSubmitHandle('', null)).toBe(false);
    expect(canSubmitHandle('abcd', HANDLE_ERROR)).toBe(false);
  });
});
