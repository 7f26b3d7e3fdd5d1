import { describe, expect, it } from 'vitest';
import { isOrderPayable, orderHistoryLine, redeemHistoryLine } from './history-lines';

const NOW = 1_800_000_000_000;

describe('coin history lines: a sign only for OJO that moved', () => {
  it('an order adds OJO only once it is paid', () => {
    expect(orderHistoryLine({ baseQty: '1500', state: 'done', expiresAt: NOW - 1 }, NOW)).toEqual({
      amount: '+1,500 OJO',
      label: 'Done',
    });
    expect(orderHistoryLine({ baseQty: '10', state: 'created', expiresAt: NOW + 1 }, NOW)).toEqual({
      amount: '10 OJO',
      label: 'Waiting for payment',
    });
    expect(orderHistoryLine({ baseQty: '10', state: 'system_cancelled', expiresAt: NOW - 1 }, NOW)).toEqual({
      amount: '10 OJO',
      label: 'Expired',
    });
    expect(orderHistoryLine({ baseQty: '10', state: 'cancelled', expiresAt: NOW + 1 }, NOW).amount).toBe(
      '10 OJO',
    );
    expect(orderHistoryLine({ baseQty: '10', state: 'refunded', expiresAt: NOW }, NOW).label).toBe(
      'Refunded',
    );
  });

  it('an unpaid order whose quote ran out reads Expired and can no longer be paid', () => {
    const order = { baseQty: '10', state: 'created', expiresAt: NOW };
    expect(orderHistoryLine(order, NOW).label).toBe('Expired');
    expect(isOrderPayable(order, NOW)).toBe(false);
    expect(isOrderPayable({ ...order, expiresAt: NOW + 1 }, NOW)).toBe(true);
    expect(isOrderPayable({ ...order, state: 'cancelled', expiresAt: NOW + 1 }, NOW)).toBe(false);
  });

  it('a redemption takes OJO while pending or paid; a cancelled or failed one gave it back', () => {
    expect(redeemHistoryLine({ amount: '1500', status: 'PENDING' })).toEqual({
      amount: '-1,500 OJO',
      label: 'PENDING',
    });
    expect(redeemHistoryLine({ amount: '10', status: 'FINISHED' }).amount).toBe('-10 OJO');
    expect(redeemHistoryLine({ amount: '10', status: 'CANCELLED' })).toEqual({
      amount: '10 OJO',
      label: 'CANCELLED',
    });
    expect(redeemHistoryLine({ amount: '10', status: 'FAILED' }).amount).toBe('10 OJO');
  });
});
