import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canConfirmSend,
  isAmountInputFormat,
  sanitizeAmountInput,
  sendAmountToWei,
  tokenPriceErrorMessage,
  validateSendAddress,
  validateSendAmount,
  visibleFieldError,
} from './send';

const VALID_ADDRESS = '0x1234567890abcdef1234567890abcdef12345678';

describe('spec 5 Send address', () => {
  it("'Address is required'", () => {
    expect(validateSendAddress('')).toBe('Address is required');
  });

  it("must start with 0x and be exactly 42 characters ('Please enter a valid ETH address')", () => {
    expect(validateSendAddress(VALID_ADDRESS)).toBeNull();
    expect(validateSendAddress(VALID_ADDRESS.slice(0, 41))).toBe('Please enter a valid ETH address');
    expect(validateSendAddress(`${VALID_ADDRESS}0`)).toBe('Please enter a valid ETH address');
    expect(validateSendAddress(`1x${VALID_ADDRESS.slice(2)}`)).toBe('Please enter a valid ETH address');
    expect(validateSendAddress('0X1234567890abcdef1234567890abcdef12345678')).toBe(
      'Please enter a valid ETH address',
    );
  });

  it('42 characters after 0x that are not all hex digits are not an address', () => {
    expect(validateSendAddress(`0x${'g'.repeat(40)}`)).toBe('Please enter a valid ETH address');
    expect(validateSendAddress(`${VALID_ADDRESS.slice(0, 41)}z`)).toBe('Please enter a valid ETH address');
    expect(validateSendAddress(`0x${'A'.repeat(40)}`)).toBeNull();
  });

  it("'The error shows only if the field is non-empty.'", () => {
    expect(visibleFieldError('', 'Address is required')).toBeNull();
    expect(visibleFieldError('0x12', 'Please enter a valid ETH address')).toBe(
      'Please enter a valid ETH address',
    );
    expect(visibleFieldError('0x12', null)).toBeNull();
  });
});

describe('spec 5 Send amount', () => {
  it("'Amount is required'", () => {
    expect(validateSendAmount('', '1')).toBe('Amount is required');
  });

  it("must be a number above 0 ('Please enter a valid positive amount')", () => {
    expect(validateSendAmount('0', '1')).toBe('Please enter a valid positive amount');
    expect(validateSendAmount('0.', '1')).toBe('Please enter a valid positive amount');
    expect(validateSendAmount('0.00000000', '1')).toBe('Please enter a valid positive amount');
    expect(validateSendAmount('abc', '1')).toBe('Please enter a valid positive amount');
    expect(validateSendAmount('-1', '1')).toBe('Please enter a valid positive amount');
    expect(validateSendAmount('1.2.3', '5')).toBe('Please enter a valid positive amount');
    expect(validateSendAmount('.5', '1')).toBeNull();
    expect(validateSendAmount('1.', '1')).toBeNull();
  });

  it("must not exceed the balance ('The maximum amount is {balance} ETH'), compared exactly", () => {
    expect(validateSendAmount('0.3', '0.3')).toBeNull();
    expect(validateSendAmount('0.30000001', '0.3')).toBe('The maximum amount is 0.3 ETH');
    expect(validateSendAmount('12345678.12345678', '12345678.12345678')).toBeNull();
    expect(validateSendAmount('12345678.12345679', '12345678.12345678')).toBe(
      'The maximum amount is 12,345,678.12345678 ETH',
    );
    expect(validateSendAmount('0.1', '0')).toBe('The maximum amount is 0 ETH');
    expect(validateSendAmount('2000', '1235.4430226')).toBe('The maximum amount is 1,235.4430226 ETH');
  });

  it('converts the amount to wei exactly', () => {
    expect(sendAmountToWei('0.1')).toBe(100_000_000_000_000_000n);
    expect(sendAmountToWei('1.')).toBe(1_000_000_000_000_000_000n);
    expect(sendAmountToWei('.5')).toBe(500_000_000_000_000_000n);
    expect(sendAmountToWei('12345678.12345678')).toBe(12_345_678_123_456_780_000_000_000n);
    expect(sendAmountToWei('x')).toBeNull();
  });
});

describe("spec 5 Send amount input: 'strips characters that are neither digits nor a dot, allows one dot, at most 8 decimals and at most 8 integer digits, and removes leading zeros'", () => {
  it.each([
    ['1a2b3', '123'],
    ['1.2.3', '1.23'],
    ['0.123456789', '0.12345678'],
    ['123456789', '12345678'],
    ['123456789.5', '12345678.5'],
    ['007', '7'],
    ['000.5', '0.5'],
    ['00', '0'],
    ['0', '0'],
    ['.5', '0.5'],
    ['.', '0.'],
    ['1.', '1.'],
    ['', ''],
    ['abc', ''],
    ['-1,5', '15'],
    ['١٢٣', ''],
  ])('%j -> %j', (raw, expected) => {
    expect(sanitizeAmountInput(raw)).toBe(expected);
  });

  it('property: idempotent, never throws, output always has the accepted input format', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: 'binary', maxLength: 30 }), fc.stringMatching(/^[0-9.]{0,25}$/)),
        (raw) => {
          const once = sanitizeAmountInput(raw);
          expect(sanitizeAmountInput(once)).toBe(once);
          if (once !== '') expect(isAmountInputFormat(once)).toBe(true);
        },
      ),
    );
  });

  it('property: text already in the accepted format passes unchanged', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^(0|[1-9]\d{0,7})(\.\d{0,8})?$/), (value) => {
        expect(sanitizeAmountInput(value)).toBe(value);
      }),
    );
  });

  it('property: a sanitized non-zero amount within the balance is accepted by the amount validator', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (raw) => {
        const amount = sanitizeAmountInput(raw);
        const error = validateSendAmount(amount, '99999999.99999999');
        if (amount === '') expect(error).toBe('Amount is required');
        else if (/[1-9]/.test(amount)) expect(error).toBeNull();
        else expect(error).toBe('Please enter a valid positive amount');
      }),
    );
  });
});

describe("spec 5: 'Confirm is disabled while submitting or while either field is empty or invalid.'", () => {
  const ready = { address: VALID_ADDRESS, amount: '0.5', balanceEth: '1', isSubmitting: false };
  it('enables Confirm only for a valid, idle form', () => {
    expect(canConfirmSend(ready)).toBe(true);
    expect(canConfirmSend({ ...ready, isSubmitting: true })).toBe(false);
    expect(canConfirmSend({ ...ready, address: '' })).toBe(false);
    expect(canConfirmSend({ ...ready, amount: '' })).toBe(false);
    expect(canConfirmSend({ ...ready, address: '0x12' })).toBe(false);
    expect(canConfirmSend({ ...ready, amount: '2' })).toBe(false);
  });
});

describe("spec 8: 'Token price fails: The message given, or 'Failed to fetch {symbol} price''", () => {
  it('uses the given message, else the template', () => {
    expect(tokenPriceErrorMessage('rate limited', 'ETH')).toBe('rate limited');
    expect(tokenPriceErrorMessage('', 'ETH')).toBe('Failed to fetch ETH price');
    expect(tokenPriceErrorMessage(null, 'OJO')).toBe('Failed to fetch OJO price');
  });
});
