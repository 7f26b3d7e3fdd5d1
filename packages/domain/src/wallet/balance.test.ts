import { describe, expect, it } from 'vitest';
import { formatUsd } from '../format/amount';
import { balanceUsdAt, usdValueOfWei, usdValuer } from './balance';

describe("product.md 3 Balance item usdBalance and product.md 5 Other: '2 for USD'", () => {
  it('multiplies wei by the USD price exactly, without floats', () => {
    expect(usdValueOfWei(1_500_000_000_000_000_000n, '3412.57')).toBe('5118.855');
    expect(formatUsd(usdValueOfWei(1_500_000_000_000_000_000n, '3412.57'))).toBe('5,118.86');
    // 0.1 + 0.2 style amounts stay exact: 0.3 ETH at 1000.1 is 300.03.
    expect(usdValueOfWei(300_000_000_000_000_000n, '1000.1')).toBe('300.03');
  });

  it('truncates below 8 decimals and answers 0 for a price that does not parse', () => {
    expect(usdValueOfWei(1n, '3000')).toBe('0');
    expect(usdValueOfWei(10n ** 18n, 'abc')).toBe('0');
    expect(usdValueOfWei(0n, '3000')).toBe('0');
  });

  it('values many amounts at one price as it values each alone (a history page parses the price once)', () => {
    const usdAt3412 = usdValuer('3412.57');
    const amounts = [0n, 1n, 10n ** 10n, 123_456_789_012_345_678n, 1_500_000_000_000_000_000n, 10n ** 24n];
    expect(amounts.map(usdAt3412)).toEqual(amounts.map((wei) => usdValueOfWei(wei, '3412.57')));
    expect(usdAt3412(1_500_000_000_000_000_000n)).toBe('5118.855');
    expect(usdValuer('-1')(10n ** 18n)).toBe('0');
  });
});

describe('the balance card values the balance at the price it shows', () => {
  const balance = { balance: '1500000000000000000', usdBalance: '5000' };
  it('uses the ticker price when there is a current one', () => {
    expect(balanceUsdAt(balance, { price: '3412.57', stale: false })).toBe('5118.855');
  });
  it("falls back to the balance call's value without a current ticker price", () => {
    expect(balanceUsdAt(balance, { price: '3412.57', stale: true })).toBe('5000');
    expect(balanceUsdAt(balance, null)).toBe('5000');
    expect(balanceUsdAt(balance, undefined)).toBe('5000');
  });
});
