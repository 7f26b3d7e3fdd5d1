import { describe, expect, it } from 'vitest';
import { ERROR_CODES, isErrorCode } from '../error-codes';
import { zeroEthBalance } from './balance';
import {
  canLoadMoreHistory,
  capHistory,
  chunkForUsdConversion,
  historyAmountView,
  isLastPage,
  isNearBottom,
} from './history';
import { walletBindErrorMessage } from './wallet-bind';

describe("product.md 2 Wallet History: 'a signed amount with symbol (default ETH)'; in shows a down arrow, out an up arrow with a minus sign", () => {
  it('signs by side and defaults the symbol to ETH', () => {
    expect(historyAmountView({ amount: '0.5', side: 'in' })).toEqual({ arrow: 'down', text: '+0.5 ETH' });
    expect(historyAmountView({ amount: '1200.123456789', side: 'out', symbol: 'ETH' })).toEqual({
      arrow: 'up',
      text: '-1,200.12345678 ETH',
    });
    expect(historyAmountView({ amount: '-3', side: 'out', symbol: 'OJO' })).toEqual({
      arrow: 'up',
      text: '-3 OJO',
    });
    // 1 wei is not nothing: below the 8 shown decimals it reads as less than the smallest shown amount.
    expect(historyAmountView({ amount: '0.000000000000000001', side: 'in' }).text).toBe('+<0.00000001 ETH');
    expect(historyAmountView({ amount: '0.000000009', side: 'out' }).text).toBe('-<0.00000001 ETH');
    expect(historyAmountView({ amount: '0.00000001', side: 'in' }).text).toBe('+0.00000001 ETH');
    expect(historyAmountView({ amount: '0', side: 'in' }).text).toBe('+0 ETH');
    expect(historyAmountView({ amount: 'garbage', side: 'in', symbol: '' })).toEqual({
      arrow: 'down',
      text: '+0 ETH',
    });
  });
});

describe('product.md 9 history paging', () => {
  it("'A page with fewer than the limit is the last one.'", () => {
    expect(isLastPage(19, 20)).toBe(true);
    expect(isLastPage(20, 20)).toBe(false);
  });
  it("'The history screen shows up to 100 records.'", () => {
    expect(canLoadMoreHistory(80, 20, 20)).toBe(true);
    expect(canLoadMoreHistory(100, 20, 20)).toBe(false);
    expect(canLoadMoreHistory(40, 5, 20)).toBe(false);
    expect(capHistory(Array.from({ length: 130 }, (_, i) => i))).toHaveLength(100);
  });
  it("'USD conversion is done in chunks of 50'", () => {
    const chunks = chunkForUsdConversion(Array.from({ length: 120 }, (_, i) => i));
    expect(chunks.map((chunk) => chunk.length)).toEqual([50, 50, 20]);
    expect(chunkForUsdConversion([])).toEqual([]);
  });
  it("'Scroll load threshold: 100 px for withdraw history, 50 px for token history'", () => {
    expect(isNearBottom({ scrollTop: 850, clientHeight: 100, scrollHeight: 1000 }, 50)).toBe(true);
    expect(isNearBottom({ scrollTop: 849, clientHeight: 100, scrollHeight: 1000 }, 50)).toBe(false);
    expect(isNearBottom({ scrollTop: 800, clientHeight: 100, scrollHeight: 1000 }, 100)).toBe(true);
  });
});

describe('product.md 8 wallet bind errors', () => {
  it.each([
    ['1115', 'Oops...Something went wrong. Please try again.'],
    [
      '1116',
      'This wallet address is bound with another account of the product, Please retry using another address.',
    ],
    [1117, 'You have already bound other wallet addresses.'],
    ['9999', 'Fail to connect wallet. Please try again'],
    [undefined, 'Fail to connect wallet. Please try again'],
  ])('code %j -> %j', (code, message) => {
    expect(walletBindErrorMessage(code)).toBe(message);
  });

  it('compares envelope codes as strings', () => {
    expect(isErrorCode(1109, ERROR_CODES.ORDER_NOT_FOUND)).toBe(true);
    expect(isErrorCode({}, ERROR_CODES.ORDER_NOT_FOUND)).toBe(false);
  });
});

describe("product.md 8: 'Balance fails: Falls back to a zero ETH entry'", () => {
  it('is a zero ETH entry with 18 decimals', () => {
    const entry = zeroEthBalance();
    expect(entry).toMatchObject({ balance: '0', symbol: 'ETH', decimals: 18, usdBalance: '0' });
    expect(zeroEthBalance()).not.toBe(entry);
  });
});
