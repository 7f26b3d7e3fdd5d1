import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { queryRows } from './client';
import {
  appendLedgerEntry,
  credit,
  debit,
  findLedgerDiscrepancies,
  getBalance,
  getBalances,
  IdempotencyConflictError,
  InsufficientBalanceError,
} from './ledger';
import { ledgerBalances } from './schema/ledger-balances';
import { ledgerEntries } from './schema/ledger-entries';
import { users } from './schema/users';
import { describeWithDatabases } from './testing';

/** Walks the cause chain drizzle wraps driver errors in, so the test can read the Postgres message. */
async function failureText(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  const parts: string[] = [];
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    parts.push(current.message);
  }
  return parts.join(' | ');
}

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

  it('credits 100 concurrent retries of one key once', async () => {
    const { db } = database();
    const move = {
      userId,
      asset: 'OJO' as const,
      amount: 7n,
      reason: 'concurrent',
      idempotencyKey: 'concurrent:1',
    };
    const before = await getBalance(db, userId, 'OJO');
    const results = await Promise.all(Array.from({ length: 100 }, () => credit(db, move)));
    expect(results.filter((result) => result.isNew)).toHaveLength(1);
    expect(new Set(results.map((result) => result.entry.id))).toHaveProperty('size', 1);
    expect(await getBalance(db, userId, 'OJO')).toBe(before + 7n);
    expect(await findLedgerDiscrepancies(db)).toEqual([]);
  });

  it('keeps one balance row per user and asset, equal to the sum of the entries', async () => {
    const { db } = database();
    const rows = await db.select().from(ledgerBalances).where(eq(ledgerBalances.userId, userId));
    expect(rows.map((row) => row.asset).sort()).toEqual(['OJO', 'POINT']);
    const [sums] = await queryRows<{ ojo: string; point: string }>(
      db,
      sql`select coalesce(sum(amount) filter (where asset = 'OJO'), 0)::text as ojo,
            coalesce(sum(amount) filter (where asset = 'POINT'), 0)::text as point
          from ledger_entries where user_id = ${userId}`,
    );
    expect(await getBalances(db, userId)).toEqual({ OJO: BigInt(sums!.ojo), POINT: BigInt(sums!.point) });
  });

  it('refuses an entry that would overdraw, even appended directly', async () => {
    const { db } = database();
    const balance = await getBalance(db, userId, 'OJO');
    const text = await failureText(
      appendLedgerEntry(db, {
        userId,
        asset: 'OJO',
        amount: -(balance + 1n),
        reason: 'overdraw',
        idempotencyKey: 'overdraw:1',
      }),
    );
    expect(text).toMatch(/ledger_balances_not_negative/);
    expect(await getBalance(db, userId, 'OJO')).toBe(balance);
  });

  it('refuses balance rows written by anything but an entry', async () => {
    const { db } = database();
    const [other] = await db
      .insert(users)
      .values({ handle: 'ledger_other', referralCode: 'LEDG03' })
      .returning({ id: users.id });
    expect(
      await failureText(db.insert(ledgerBalances).values({ userId: other!.id, asset: 'OJO', balance: 5n })),
    ).toMatch(/written only by ledger entries \(INSERT refused\)/);
    expect(
      await failureText(
        db
          .update(ledgerBalances)
          .set({ balance: 10n ** 9n })
          .where(eq(ledgerBalances.userId, userId)),
      ),
    ).toMatch(/UPDATE refused/);
    expect(await failureText(db.delete(ledgerBalances).where(eq(ledgerBalances.userId, userId)))).toMatch(
      /DELETE refused/,
    );
    expect(await failureText(db.execute(sql`truncate ${ledgerBalances}`))).toMatch(/TRUNCATE refused/);
    expect(await failureText(db.execute(sql`truncate ${ledgerEntries} cascade`))).toMatch(/TRUNCATE refused/);
    expect(await findLedgerDiscrepancies(db)).toEqual([]);
  });
});
