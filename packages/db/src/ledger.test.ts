import { beforeAll, expect, it } from 'vitest';
import {
  appendLedgerEntry,
  debit,
  getBalance,
  IdempotencyConflictError,
  InsufficientBalanceError,
} from './ledger';
import { users } from './schema/users';
import { describeWithDatabases } from './testing';

describeWithDatabases('ledger', ({ database }) => {
  let userId = '';

  beforeAll(async () => {
    const [row] = await database()
      .db.insert(users)
      .values({ handle: 'ledger_user', referralCode: 'LEDG02' })
      .returning({ id: users.id });
    userId = row!.id;
  });

  it('credits once per idempotency key, however often the credit is retried', async () => {
    const { db } = database();
    const credit = {
      userId,
      asset: 'OJO' as const,
      amount: 1000n,
      reason: 'buy',
      idempotencyKey: 'order:1',
    };
    expect((await appendLedgerEntry(db, credit)).isNew).toBe(true);
    expect((await appendLedgerEntry(db, credit)).isNew).toBe(false);
    expect(await getBalance(db, userId, 'OJO')).toBe(1000n);
    await expect(appendLedgerEntry(db, { ...credit, amount: 5n })).rejects.toBeInstanceOf(
      IdempotencyConflictError,
    );
  });

  it('debits only what the balance covers, and a retried debit is charged once', async () => {
    const { db } = database();
    const result = await debit(db, {
      userId,
      asset: 'OJO',
      amount: 600n,
      reason: 'bet',
      idempotencyKey: 'bet:1',
    });
    expect(result).toMatchObject({ isNew: true, balance: 400n });
    const retried = await debit(db, {
      userId,
      asset: 'OJO',
      amount: 600n,
      reason: 'bet',
      idempotencyKey: 'bet:1',
    });
    expect(retried).toMatchObject({ isNew: false, balance: 400n });
    await expect(
      debit(db, { userId, asset: 'OJO', amount: 401n, reason: 'bet', idempotencyKey: 'bet:2' }),
    ).rejects.toBeInstanceOf(InsufficientBalanceError);
    expect(await getBalance(db, userId, 'OJO')).toBe(400n);
  });

  it('lets only as many concurrent debits through as the balance covers', async () => {
    const { db } = database();
    await appendLedgerEntry(db, {
      userId,
      asset: 'POINT',
      amount: 300n,
      reason: 'task',
      idempotencyKey: 'task:1',
    });
    const attempts = await Promise.allSettled(
      Array.from({ length: 5 }, (_, index) =>
        debit(db, {
          userId,
          asset: 'POINT',
          amount: 100n,
          reason: 'spend',
          idempotencyKey: `spend:${index}`,
        }),
      ),
    );
    expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(3);
    const refusals = attempts.filter((attempt) => attempt.status === 'rejected');
    expect(refusals.map((attempt) => (attempt as PromiseRejectedResult).reason)).toEqual([
      expect.any(InsufficientBalanceError),
      expect.any(InsufficientBalanceError),
    ]);
    expect(await getBalance(db, userId, 'POINT')).toBe(0n);
  });
});
