import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  afterWithdraw,
  checkWithdraw,
  discountedWei,
  orderIdCallData,
  orderIdOfCallData,
  redeemPayoutWei,
  type WithdrawRules,
  type WithdrawState,
  withdrawMaximum,
} from './withdraw-limits';

const rules: WithdrawRules = {
  minAmount: 10n,
  trial: 5n,
  dailyAmount: 100n,
  dailyCount: 3,
  tradeLimit: 50n,
  fixedLeft: 20n,
};
const fresh: WithdrawState = { balance: 500n, redeemedToday: 0n, redeemsToday: 0, totalBet: 50n };

describe('checkWithdraw', () => {
  it('refuses each limit by name, system errors before input errors', () => {
    expect(checkWithdraw(0n, rules, fresh)).toBe('BELOW_MIN');
    expect(checkWithdraw(14n, rules, fresh)).toBe('BELOW_MIN');
    expect(checkWithdraw(15n, rules, fresh)).toBeNull();
    expect(checkWithdraw(15n, rules, { ...fresh, redeemsToday: 3 })).toBe('DAILY_COUNT');
    expect(checkWithdraw(14n, rules, { ...fresh, redeemsToday: 3 })).toBe('DAILY_COUNT');
    expect(checkWithdraw(15n, rules, { ...fresh, redeemedToday: 90n })).toBe('ABOVE_MAX');
    expect(checkWithdraw(10n, rules, { ...fresh, redeemedToday: 90n })).toBe('BELOW_MIN');
    expect(checkWithdraw(15n, rules, { ...fresh, redeemedToday: 100n })).toBe('DAILY_AMOUNT');
    expect(checkWithdraw(100n, rules, fresh)).toBeNull();
    expect(checkWithdraw(101n, rules, fresh)).toBe('ABOVE_MAX');
    expect(checkWithdraw(10n ** 31n, rules, fresh)).toBe('ABOVE_MAX');
    expect(checkWithdraw(15n, rules, { ...fresh, totalBet: 49n })).toBe('TRADE_LIMIT');
    expect(checkWithdraw(31n, rules, { ...fresh, balance: 50n })).toBe('ABOVE_MAX');
    expect(checkWithdraw(30n, rules, { ...fresh, balance: 50n })).toBeNull();
    expect(checkWithdraw(15n, rules, { ...fresh, balance: 34n })).toBe('BALANCE');
  });

  it('answers the spec maximum: the lower of balance minus fixedLeft and the day left, floored at 0', () => {
    expect(withdrawMaximum(rules, fresh)).toBe(100n);
    expect(withdrawMaximum(rules, { ...fresh, balance: 50n })).toBe(30n);
    expect(withdrawMaximum(rules, { ...fresh, redeemedToday: 95n })).toBe(5n);
    expect(withdrawMaximum(rules, { ...fresh, balance: 10n })).toBe(0n);
  });

  it('never lets a sequence of accepted requests pass the daily amount, the daily count or the balance', () => {
    fc.assert(
      fc.property(
        fc.record({
          minAmount: fc.bigInt({ min: 0n, max: 50n }),
          trial: fc.bigInt({ min: 0n, max: 10n }),
          dailyAmount: fc.bigInt({ min: 0n, max: 1000n }),
          dailyCount: fc.integer({ min: 0, max: 10 }),
          tradeLimit: fc.bigInt({ min: 0n, max: 100n }),
          fixedLeft: fc.bigInt({ min: 0n, max: 100n }),
        }),
        fc.bigInt({ min: 0n, max: 2000n }),
        fc.bigInt({ min: 0n, max: 200n }),
        fc.array(fc.bigInt({ min: -5n, max: 400n }), { maxLength: 40 }),
        (limits, balance, totalBet, requests) => {
          let state: WithdrawState = { balance, redeemedToday: 0n, redeemsToday: 0, totalBet };
          for (const amount of requests) {
            if (checkWithdraw(amount, limits, state) === null) state = afterWithdraw(amount, state);
          }
          expect(state.redeemedToday).toBeLessThanOrEqual(limits.dailyAmount);
          expect(state.redeemsToday).toBeLessThanOrEqual(limits.dailyCount);
          expect(state.balance).toBeGreaterThanOrEqual(0n);
          if (state.redeemsToday > 0) {
            expect(state.balance).toBeGreaterThanOrEqual(limits.fixedLeft);
            expect(totalBet).toBeGreaterThanOrEqual(limits.tradeLimit);
          }
        },
      ),
    );
  });
});

describe('prices', () => {
  it('pays floor(amount / price) in wei and never more than the OJO is worth', () => {
    expect(redeemPayoutWei(3000n, 3000n, 0)).toBe(10n ** 18n);
    expect(redeemPayoutWei(1n, 30005n, 1)).toBe(333277787035494n);
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 9n }), fc.bigInt({ min: 1n, max: 10n ** 12n }), (a, p) => {
        const wei = redeemPayoutWei(a, p, 2);
        expect(wei * p).toBeLessThanOrEqual(a * 10n ** 20n);
        expect((wei + 1n) * p).toBeGreaterThan(a * 10n ** 20n);
      }),
    );
  });

  it('takes a discount off and rounds up to the wei', () => {
    expect(discountedWei(1000n, 10)).toBe(900n);
    expect(discountedWei(1001n, 10)).toBe(901n);
    expect(discountedWei(1000n, 0)).toBe(1000n);
    expect(discountedWei(1000n, 150)).toBe(10n);
  });
});

describe('order id call data', () => {
  it('round-trips an order id and reads nothing else', () => {
    fc.assert(
      fc.property(fc.uuid(), (id) => {
        expect(orderIdOfCallData(orderIdCallData(id))).toBe(id.toLowerCase());
      }),
    );
    expect(orderIdOfCallData('0x')).toBeNull();
    expect(orderIdOfCallData(undefined)).toBeNull();
    expect(orderIdOfCallData(`0x${'ab'.repeat(17)}`)).toBeNull();
  });
});
