import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canConfirmSend,
  sendAmountToWei,
  tokenPriceErrorMessage,
  validateSendAddress,
  validateSendAmount,
  visibleFieldError,
} from './send';

const VALID_ADDRESS = '0x1234567890abcdef1234567890abcdef12345678';

describe('product.md 5 Send address', () => {
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

describe('product.md 5 Send amount', () => {
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

describe('the send amount field keeps what was typed and says what is wrong', () => {
  it.each([
    ['1,5', 'Please enter a valid positive amount'],
    ['-1', 'Please enter a valid positive amount'],
    ['1.2.3', 'Please enter a valid positive amount'],
    ['0.123456789', 'At most 8 decimals. Please enter the amount'],
    ['123456789', 'At most 8 digits before the decimal point. Please enter the amount'],
    ['000', 'Please enter a valid positive amount'],
  ])('%j: %j', (typed, error) => {
    expect(validateSendAmount(typed, '99999999.99999999')).toBe(error);
    expect(sendAmountToWei(typed)).toBe(typed === '000' ? 0n : null);
  });

  it('reads leading zeros and a bare dot as the number typed', () => {
    expect(validateSendAmount('007', '10')).toBeNull();
    expect(sendAmountToWei('007')).toBe(7n * 10n ** 18n);
    expect(sendAmountToWei('.5')).toBe(5n * 10n ** 17n);
    expect(sendAmountToWei('1.')).toBe(10n ** 18n);
  });

  it('property: every text is either refused with a message or sent as exactly the number typed', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (typed) => {
        const error = validateSendAmount(typed, '99999999.99999999');
        const wei = sendAmountToWei(typed);
        if (error === null) {
          expect(wei).not.toBeNull();
          expect(Number(typed)).toBeCloseTo(Number(wei) / 1e18, 6);
        }
      }),
    );
  });
});

describe("product.md 5: 'Confirm is disabled while submitting or while either field is empty or invalid.'", () => {
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

describe("product.md 8: 'Token price fails: The message given, or 'Failed to fetch {symbol} price''", () => {
  it('uses the given message, else the template', () => {
    expect(tokenPriceErrorMessage('rate limited', 'ETH')).toBe('rate limited');
    expect(tokenPriceErrorMessage('', 'ETH')).toBe('Failed to fetch ETH price');
    expect(tokenPriceErrorMessage(null, 'OJO')).toBe('Failed to fetch OJO price');
  });
});
