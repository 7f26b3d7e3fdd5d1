import { coinOrders } from '@ojo/db/schema/coin';
import { eq } from '@ojo/db/sql';
import { createTestDatabase, describeWithDatabases } from '@ojo/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, insertUser } from '../../helpers';
import { saasHeaders } from '../../support/identity';

/**
 * DELETE /coin/orders/{id} (PGlite, no chain): a player cancels their own unpaid order; it then reads 'cancelled' in
 * the history, stops counting towards the unpaid-order cap, and cannot be cancelled again. Another player's order,
 * or an order whose payment is on chain, is refused. What a payment for a cancelled order gets (a refund, never a
 * credit) is shown on anvil in coin-refunds-devnet.test.ts.
 */
describe('cancelling an unpaid coin order', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
  let close: () => Promise<void> = async () => {};
  const jwts: string[] = [];

  beforeAll(async () => {
    const database = await createTestDatabase('pglite');
    ({ app } = await buildTestApp(database, { COIN_MAX_OPEN_ORDERS: '2' }));
    close = async () => {
      await app.close();
      await database.close();
    };
    await app.ready();
    for (const address of [
      '0x1111111111111111111111111111111111111111',
      '0x2222222222222222222222222222222222222222',
    ]) {
      const player = await insertUser(app.db, { smartAccountAddress: address });
      jwts.push(await app.issueSessionToken(player.id));
    }
  });
  afterAll(() => close());

  const call = (player: number, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: { ...saasHeaders, jwt_token: jwts[player] as string },
      ...(payload ? { payload } : {}),
    });
  const order = async (player: number) => {
    const answer = await call(player, 'POST', '/coin/orders', { base: 'OJO', quote: 'ETH', baseQty: '25' });
    expect(answer.statusCode).toBe(200);
    return answer.json().data as { orderId: string; quoteWei: string; expiresAt: number };
  };

  it('cancels the player’s unpaid order, which then frees a place under the cap', async () => {
    const first = await order(0);
    await order(0);
    const refused = await call(0, 'POST', '/coin/orders', { base: 'OJO', quote: 'ETH', baseQty: '25' });
    expect([refused.statusCode, refused.json().message]).toEqual([
      422,
      'Too many unpaid orders: pay or cancel one in your purchase history, or wait for its quote to run out',
    ]);

    const cancelled = await call(0, 'DELETE', `/coin/orders/${first.orderId}`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      success: true,
      data: {
        orderId: first.orderId,
        state: 'cancelled',
        quoteWei: first.quoteWei,
        expiresAt: first.expiresAt,
      },
    });
    const { histories } = (await call(0, 'GET', '/coin/histories')).json().data;
    expect(histories.find((item: { orderId: string }) => item.orderId === first.orderId)).toMatchObject({
      state: 'cancelled',
      quoteWei: first.quoteWei,
    });
    // The cancelled order no longer counts: one more may be placed.
    await order(0);

    const again = await call(0, 'DELETE', `/coin/orders/${first.orderId}`);
    expect([again.statusCode, again.json().code, again.json().msgKey]).toEqual([
      409,
      'COIN_ORDER_NOT_CANCELLABLE',
      'coin.order.not.cancellable',
    ]);
  });

  it('refuses another player’s order (404, untouched), a paid one (409) and an id that is not a UUID (400)', async () => {
    const theirs = await order(1);
    const answer = await call(0, 'DELETE', `/coin/orders/${theirs.orderId}`);
    expect([answer.statusCode, answer.json().msgKey]).toEqual([404, 'coin.order.not.found']);
    const [row] = await app.db.select().from(coinOrders).where(eq(coinOrders.id, theirs.orderId));
    expect(row?.state).toBe('created');

    // A payment is on chain and waits for its confirmations: the order is no longer the player's to cancel.
    await app.db.update(coinOrders).set({ state: 'approved' }).where(eq(coinOrders.id, theirs.orderId));
    expect((await call(1, 'DELETE', `/coin/orders/${theirs.orderId}`)).statusCode).toBe(409);
    await app.db.update(coinOrders).set({ state: 'done' }).where(eq(coinOrders.id, theirs.orderId));
    expect((await call(1, 'DELETE', `/coin/orders/${theirs.orderId}`)).statusCode).toBe(409);

    expect((await call(0, 'DELETE', '/coin/orders/12')).statusCode).toBe(400);
  });
});

/** The same cancel sent twice at once, on each database: one cancels, the other is told it is already closed. */
describeWithDatabases('cancelling one order twice at once', ({ database }) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
  let jwt = '';
  beforeAll(async () => {
    ({ app } = await buildTestApp(database()));
    const player = await insertUser(app.db, {
      smartAccountAddress: '0x3333333333333333333333333333333333333333',
    });
    jwt = await app.issueSessionToken(player.id);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers 200 once and 409 once, never a 5xx, and the order is cancelled', async () => {
    const headers = { ...saasHeaders, jwt_token: jwt };
    const placed = await app.inject({
      method: 'POST',
      url: '/coin/orders',
      headers,
      payload: { base: 'OJO', quote: 'ETH', baseQty: '25' },
    });
    const { orderId } = placed.json().data as { orderId: string };
    const answers = await Promise.all(
      [0, 1].map(() => app.inject({ method: 'DELETE', url: `/coin/orders/${orderId}`, headers })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const [row] = await app.db.select().from(coinOrders).where(eq(coinOrders.id, orderId));
    expect(row?.state).toBe('cancelled');
  });
});
