import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ETH_UNITS, parseAmountInput, WHOLE_UNITS } from './amount-input';

const amount = (value: string) => ({ kind: 'amount', value });
const invalid = (error: string) => ({ kind: 'invalid', error });

describe('an amount field reads what the player typed and never changes it', () => {
  it('reads whole amounts, with leading zeros meaning nothing', () => {
    expect(parseAmountInput('200', WHOLE_UNITS)).toEqual(amount('200'));
    expect(parseAmountInput('0200', WHOLE_UNITS)).toEqual(amount('200'));
    expect(parseAmountInput('000', WHOLE_UNITS)).toEqual(amount('0'));
    expect(parseAmountInput('', WHOLE_UNITS)).toEqual({ kind: 'empty' });
  });

  it('refuses decimals in whole units instead of dropping the dot (200.5 is not 2005)', () => {
    expect(parseAmountInput('200.5', WHOLE_UNITS)).toEqual(
      invalid('Whole numbers only. Please enter the amount without decimals'),
    );
    expect(parseAmountInput('1.', WHOLE_UNITS)).toEqual(
      invalid('Whole numbers only. Please enter the amount without decimals'),
    );
  });

  it("says 'Invalid character' for anything but digits and one dot (product.md 5 Buy OJO amount)", () => {
    for (const text of ['1e3', '-5', '+5', '1,000', '12a', '.', '1.2.3', '٣']) {
      expect(parseAmountInput(text, ETH_UNITS)).toEqual(
        invalid('Invalid character. Please enter the amount'),
      );
    }
  });

  it('reads ETH with up to 8 decimals and 8 integer digits (product.md 9)', () => {
    expect(parseAmountInput('1.5', ETH_UNITS)).toEqual(amount('1.5'));
    expect(parseAmountInput('.5', ETH_UNITS)).toEqual(amount('0.5'));
    expect(parseAmountInput('1.', ETH_UNITS)).toEqual(amount('1'));
    expect(parseAmountInput('00.12345678', ETH_UNITS)).toEqual(amount('0.12345678'));
    expect(parseAmountInput('0.123456789', ETH_UNITS)).toEqual(
      invalid('At most 8 decimals. Please enter the amount'),
    );
    expect(parseAmountInput('123456789', ETH_UNITS)).toEqual(
      invalid('At most 8 digits before the decimal point. Please enter the amount'),
    );
    expect(parseAmountInput('000012345678', ETH_UNITS)).toEqual(amount('12345678'));
  });

  it('property: an amount read is the number typed (same value, no digit lost or added)', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9]{0,10}(\.[0-9]{0,9})?$/),
        fc.constantFrom(WHOLE_UNITS, ETH_UNITS),
        (text, rule) => {
          const read = parseAmountInput(text, rule);
          if (read.kind !== 'amount') return;
          const [whole = '', fraction = ''] = text.split('.');
          const [readWhole = '', readFraction = ''] = read.value.split('.');
          expect(BigInt(readWhole)).toBe(BigInt(whole || '0'));
          expect(readFraction).toBe(fraction);
        },
      ),
    );
  });
});
