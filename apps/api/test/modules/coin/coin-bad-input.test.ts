import { describe, expect, it } from 'vitest';
import { usePlayerApp } from '../../support/player-app';

/** A player's malformed coin call is a clear 400, never a 5xx (the redemption ids are bigints, dates are finite). */
describe('coin calls: out-of-range input is a 400 (PGlite, no chain)', () => {
  const { call } = usePlayerApp();

  it.each([
    ['a redemption id past bigint', ['9223372036854775808']],
    ['a 20-digit redemption id', ['99999999999999999999']],
    ['a fractional redemption id', ['1.5']],
  ])('POST /coin/withdraw/ids with %s: 400', async (_name, ids) => {
    const answer = await call('POST', '/coin/withdraw/ids', { ids });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ success: false, msgKey: 'request.invalid' });
  });

  it('POST /coin/withdraw/ids with an 18-digit id that is not the player’s: an empty list', async () => {
    const answer = await call('POST', '/coin/withdraw/ids', { ids: ['999999999999999999'] });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual([]);
  });

  it.each([
    ['a 21-digit string', '100000000000000000000'],
    ['a 40-digit string', '9'.repeat(40)],
    ['one over the maximum', '1000001'],
    ['a JSON number past 2^53', 1e21],
  ])(
    'POST /coin/orders for %s of OJO: 400 Maximum amount: 1,000,000, nothing created',
    async (_name, baseQty) => {
      const answer = await call('POST', '/coin/orders', { base: 'OJO', quote: 'ETH', baseQty });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({
        success: false,
        code: 'BAD_REQUEST',
        msgKey: 'coin.order.above.max',
        message: 'Maximum amount: 1,000,000',
      });
      expect((await call('GET', '/coin/histories')).json().data.histories).toEqual([]);
    },
  );

  it('POST /coin/orders for exactly the maximum: an order; GET /coin/configs tells the maximum', async () => {
    expect((await call('GET', '/coin/configs')).json().data).toMatchObject({
      minQty: '10',
      maxQty: '1000000',
    });
    const answer = await call('POST', '/coin/orders', { base: 'OJO', quote: 'ETH', baseQty: '1000000' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.baseQty).toBe('1000000');
    expect(answer.json().data.expiresAt - Date.now()).toBeLessThanOrEqual(60_000);
  });

  it.each(['253402300800000', '8640000000000001', '9007199254740991'])(
    'GET /coin/withdraws/list?startTime=%s (past year 9999): 400',
    async (startTime) => {
      const answer = await call('GET', `/coin/withdraws/list?startTime=${startTime}`);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ success: false, msgKey: 'request.invalid' });
    },
  );

  it('GET /coin/withdraws/list at the end of year 9999: an empty list', async () => {
    const answer = await call('GET', '/coin/withdraws/list?startTime=253402300799999');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual([]);
  });
});
