import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cancelRedeemErrorMessage,
  redeemEthOut,
  redeemMaximum,
  redeemMinimum,
  redeemSystemError,
  toWholeOjo,
  validateRedeemAmount,
  type WithdrawInfo,
} from './redeem';

function info(
  overrides: Partial<WithdrawInfo['conditions']> & { trial?: number; fixedLeft?: number } = {},
): WithdrawInfo {
  const { trial = 0, fixedLeft = 0, ...conditions } = overrides;
  return {
    conditions: {
      minAmountCheck: { require: 1000 },
      dailyAmountCheck: { require: 50_000, achieved: 0 },
      dailyCountCheck: { require: 3, achieved: 0 },
      tradeLimit: { require: 10_000, achieved: 10_000 },
      ...conditions,
    },
    trial,
    fixedLeft,
  };
}

describe("product.md 5 Redeem: 'Minimum = minAmountCheck.require plus trial.'", () => {
  it('adds trial to the minimum', () => {
    expect(redeemMinimum(info())).toBe(1000n);
    expect(redeemMinimum(info({ trial: 200 }))).toBe(1200n);
    expect(redeemMinimum({ ...info(), trial: '50' })).toBe(1050n);
  });
});

describe("product.md 5 Redeem: 'Maximum = the lower of (OJO balance minus fixedLeft) and (daily amount required minus achieved), floored at 0.'", () => {
  it('takes the lower bound', () => {
    expect(redeemMaximum(info({ fixedLeft: 100 }), 20_000)).toBe(19_900n);
    expect(redeemMaximum(info({ dailyAmountCheck: { require: 50_000, achieved: 45_000 } }), 20_000)).toBe(
      5000n,
    );
  });

  it('never goes below 0', () => {
    expect(redeemMaximum(info({ fixedLeft: 500 }), 100)).toBe(0n);
    expect(redeemMaximum(info({ dailyAmountCheck: { require: 100, achieved: 300 } }), 100_000)).toBe(0n);
  });

  it('property: equals max(0, min(balance - fixedLeft, daily require - achieved))', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.nat(), fc.nat(), (balance, fixedLeft, require, achieved) => {
        const expected = Math.max(0, Math.min(balance - fixedLeft, require - achieved));
        const max = redeemMaximum(info({ fixedLeft, dailyAmountCheck: { require, achieved } }), balance);
        expect(max).toBe(BigInt(expected));
      }),
    );
  });
});

describe('product.md 5 Redeem system errors', () => {
  it("daily count or daily amount reached: 'Max redeem reached today'", () => {
    expect(redeemSystemError(info({ dailyCountCheck: { require: 3, achieved: 3 } }), 100_000)).toBe(
      'Max redeem reached today',
    );
    expect(
      redeemSystemError(info({ dailyAmountCheck: { require: 50_000, achieved: 50_000 } }), 100_000),
    ).toBe('Max redeem reached today');
  });

  it("trade limit not reached: 'Redeem require a total bet of {n} OJO'", () => {
    expect(redeemSystemError(info({ tradeLimit: { require: 10_000, achieved: 9_999 } }), 100_000)).toBe(
      'Redeem require a total bet of 10,000 OJO',
    );
  });

  it("balance below min plus fixedLeft: 'Insufficient Balance'", () => {
    expect(redeemSystemError(info({ fixedLeft: 100 }), 1099)).toBe('Insufficient Balance');
    expect(redeemSystemError(info({ fixedLeft: 100 }), 1100)).toBeNull();
  });

  it('checks in the spec order (daily limits first)', () => {
    const everythingWrong = info({
      dailyCountCheck: { require: 1, achieved: 1 },
      tradeLimit: { require: 10, achieved: 0 },
    });
    expect(redeemSystemError(everythingWrong, 0)).toBe('Max redeem reached today');
  });
});

describe("product.md 5 Redeem input errors: 'Min redeem is {n} OJO' and 'Max redeem is {n} OJO'", () => {
  it('checks the amount against min and max', () => {
    expect(validateRedeemAmount('999', 1000n, 5000n)).toBe('Min redeem is 1,000 OJO');
    expect(validateRedeemAmount('abc', 1000n, 5000n)).toBe('Invalid character. Please enter the amount');
    expect(validateRedeemAmount('5001', 1000n, 5000n)).toBe('Max redeem is 5,000 OJO');
    expect(validateRedeemAmount('1000', 1000n, 5000n)).toBeNull();
    expect(validateRedeemAmount('5000', 1000n, 5000n)).toBeNull();
    expect(validateRedeemAmount('', 1000n, 5000n)).toBeNull();
  });

  it('reads the typed text as it is: decimals are refused, leading zeros mean nothing', () => {
    expect(validateRedeemAmount('1.5', 1n, 100n)).toBe(
      'Whole numbers only. Please enter the amount without decimals',
    );
    expect(validateRedeemAmount('1,5', 1n, 100n)).toBe('Invalid character. Please enter the amount');
    expect(validateRedeemAmount('015', 1n, 100n)).toBeNull();
    expect(validateRedeemAmount('015', 20n, 100n)).toBe('Min redeem is 20 OJO');
  });
});

describe('whole OJO quantities', () => {
  it('floors decimals and reads unreadable values as 0', () => {
    expect(toWholeOjo('12.9')).toBe(12n);
    expect(toWholeOjo('-12.1')).toBe(-13n);
    expect(toWholeOjo('-12')).toBe(-12n);
    expect(toWholeOjo(7)).toBe(7n);
    expect(toWholeOjo(7n)).toBe(7n);
    expect(toWholeOjo('bad')).toBe(0n);
  });
});

describe('product.md 8 cancel redeem', () => {
  it("code 1109: 'Order not found, please refresh the page'", () => {
    expect(cancelRedeemErrorMessage({ code: '1109' })).toBe('Order not found, please refresh the page');
    expect(cancelRedeemErrorMessage({ code: 1109 })).toBe('Order not found, please refresh the page');
  });
  it("other failure: 'Redeem cancellation failed. Please try again.'", () => {
    expect(cancelRedeemErrorMessage({ code: '500' })).toBe('Redeem cancellation failed. Please try again.');
  });
  it("network error: 'Cancel redeem failed'", () => {
    expect(cancelRedeemErrorMessage({ isNetworkError: true })).toBe('Cancel redeem failed');
  });
});

describe('redeemEthOut: what the redeem screen shows for a typed amount, from the server figures', () => {
  const pricing = {
    price: '2000',
    redeem: {
      spreadBps: 300,
      costBasis: { qty: '2000', wei: '900000000000000000' },
      lowestPaid: { qty: '2000', wei: '900000000000000000' },
    },
  };
  it('pays bought OJO at most what it cost, not the market value', () => {
    // At the mid price 2,000 OJO is 1 ETH and the bid 0.97 ETH; it cost 0.9 ETH.
    expect(redeemEthOut(2000n, pricing)).toBe(900_000_000_000_000_000n);
    expect(redeemEthOut(0n, pricing)).toBe(0n);
  });
  it('pays the bid when it is below the cost', () => {
    expect(redeemEthOut(2000n, { ...pricing, price: '4000' })).toBe(485_000_000_000_000_000n);
  });
  it('pays nothing for OJO never bought while no purchase set a rate', () => {
    const none = { spreadBps: 300, costBasis: { qty: '0', wei: '0' }, lowestPaid: null };
    expect(redeemEthOut(100n, { price: '2000', redeem: none })).toBe(0n);
  });
});
