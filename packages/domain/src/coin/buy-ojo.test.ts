import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxBuyableOjo, ojoCostWei, validateBuyOjoAmount } from './buy-ojo';

const limits = { minQty: 100, ethPrice: '35000', ethBalance: '0.01' };

describe('product.md 5 Buy OJO amount', () => {
  it("digits only ('Invalid character. Please enter the amount')", () => {
    for (const bad of ['', '12a', '-100', ' 100', '1e3', '١٠٠']) {
      expect(validateBuyOjoAmount(bad, limits)).toBe('Invalid character. Please enter the amount');
    }
  });

  it('reads the text typed: decimals are refused, leading zeros mean nothing', () => {
    expect(validateBuyOjoAmount('150.5', limits)).toBe(
      'Whole numbers only. Please enter the amount without decimals',
    );
    expect(validateBuyOjoAmount('0150', limits)).toBeNull();
  });

  it("at least minQty ('Minimum amount: {min}')", () => {
    expect(validateBuyOjoAmount('99', limits)).toBe('Minimum amount: 100');
    expect(validateBuyOjoAmount('100', limits)).toBeNull();
    expect(validateBuyOjoAmount('5', { ...limits, minQty: '10' })).toBe('Minimum amount: 10');
  });

  it("at most maxQty ('Maximum amount: {max}'), checked before the balance, whatever the number's length", () => {
    const capped = { ...limits, ethBalance: '1000000', maxQty: '1000000' };
    expect(validateBuyOjoAmount('1000000', capped)).toBeNull();
    expect(validateBuyOjoAmount('1000001', capped)).toBe('Maximum amount: 1,000,000');
    expect(validateBuyOjoAmount('100000000000000000000', capped)).toBe('Maximum amount: 1,000,000');
    expect(validateBuyOjoAmount('1000001', { ...capped, maxQty: undefined })).toBeNull();
  });

  it("cost within balance, else 'Insufficient balance, can redeem a maximum of {n}' with n = floor(balance * price)", () => {
    // 0.01 ETH * 35000 OJO/ETH = 350 OJO
    expect(validateBuyOjoAmount('350', limits)).toBeNull();
    expect(validateBuyOjoAmount('351', limits)).toBe('Insufficient balance, can redeem a maximum of 350');
    expect(validateBuyOjoAmount('1000', { ...limits, ethBalance: '0.0285714' })).toBe(
      'Insufficient balance, can redeem a maximum of 999',
    );
  });

  it('groups the figures of its messages by 3 digits', () => {
    const rich = { minQty: '1500', maxQty: '1000000', ethPrice: '2500', ethBalance: '1.5' };
    expect(validateBuyOjoAmount('10', rich)).toBe('Minimum amount: 1,500');
    expect(validateBuyOjoAmount('1000001', rich)).toBe('Maximum amount: 1,000,000');
    expect(validateBuyOjoAmount('3751', rich)).toBe('Insufficient balance, can redeem a maximum of 3,750');
  });

  it('computes the maximum exactly from decimal strings (no float error)', () => {
    // 0.1 * 3 = 0.30000000000000004 in floats; 0.7 * 100 = 70.00000000000001; 1.1 * 1000 = 1100.0000000000002
    expect(maxBuyableOjo('0.7', '100')).toBe(70n);
    expect(maxBuyableOjo('0.29', '100')).toBe(29n); // float gives 28.999999999999996
    expect(maxBuyableOjo('1.000000000000000001', '1000')).toBe(1000n);
    expect(maxBuyableOjo('0', '35000')).toBe(0n);
    expect(maxBuyableOjo('bad', '35000')).toBe(0n);
    expect(maxBuyableOjo('-1', '35000')).toBe(0n);
  });

  it('property: n is the largest whole amount whose cost fits the balance', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 24n }),
        fc.bigInt({ min: 1n, max: 10n ** 10n }),
        (balanceWei, pricePerEthCents) => {
          const balance = `${balanceWei / 10n ** 18n}.${(balanceWei % 10n ** 18n).toString().padStart(18, '0')}`;
          const price = `${pricePerEthCents / 100n}.${(pricePerEthCents % 100n).toString().padStart(2, '0')}`;
          const n = maxBuyableOjo(balance, price);
          // n <= balance * price < n + 1, checked in integers: scale by 10^20.
          const product = balanceWei * pricePerEthCents;
          expect(n * 10n ** 20n <= product).toBe(true);
          expect((n + 1n) * 10n ** 20n > product).toBe(true);
          const opts = { minQty: 0, ethPrice: price, ethBalance: balance };
          expect(validateBuyOjoAmount(n.toString(), opts)).toBeNull();
          expect(validateBuyOjoAmount((n + 1n).toString(), opts)).toBe(
            `Insufficient balance, can redeem a maximum of ${n.toLocaleString('en-US')}`,
          );
        },
      ),
    );
  });

  it('property: never throws on any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const result = validateBuyOjoAmount(text, limits);
        expect(result === null || typeof result === 'string').toBe(true);
      }),
    );
  });

  it('prices an order in wei, rounded up', () => {
    expect(ojoCostWei('350', '35000')).toBe(10_000_000_000_000_000n);
    expect(ojoCostWei(1n, '3')).toBe(333_333_333_333_333_334n);
    expect(ojoCostWei('1', '0')).toBeNull();
    expect(ojoCostWei('1', 'x')).toBeNull();
    expect(ojoCostWei('-1', '3')).toBeNull();
  });
});
