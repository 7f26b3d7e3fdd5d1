import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeWithDatabases } from '../testing';
import { ledgerEntries } from './ledger-entries';
import { users } from './users';

/** Walks the cause chain drizzle wraps driver errors in, so the test can read the Postgres message. */
function errorText(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  while (current instanceof Error) {
    parts.push(current.message);
    current = current.cause;
  }
  return parts.join(' | ');
}

describeWithDatabases('ledger_entries', ({ database }) => {
  let userId = '';

  beforeAll(async () => {
    const [row] = await database()
      .db.insert(users)
      .values({ handle: 'ledger_test', referralCode: 'LEDG01' })
      .returning({ id: users.id });
    userId = row!.id;
  });

  it('refuses a second entry with the same idempotency key and keeps the balance', async () => {
    const { db } = database();
    const entry = {
      userId,
      asset: 'OJO' as const,
      amount: 500n,
      reason: 'test:credit',
      idempotencyKey: 'test:credit:1',
    };
    await db.insert(ledgerEntries).values(entry);
    const refused = await db
      .insert(ledgerEntries)
      .values(entry)
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(errorText(refused)).toMatch(/ledger_entries_idempotency_key_unique/);

    const [balance] = await db
      .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId));
    expect(BigInt(balance!.total)).toBe(500n);
  });

  it('keeps wei amounts far beyond 64-bit exact, signed', async () => {
    const { db } = database();
    const amount = -(10n ** 30n + 7n);
    // A balance never goes below zero (ledger_balances_not_negative), so the debit follows a credit that covers it.
    await db.insert(ledgerEntries).values({
      userId,
      asset: 'ETH',
      amount: -amount,
      reason: 'test:credit',
      idempotencyKey: 'test:wei:0',
    });
    await db.insert(ledgerEntries).values({
      userId,
      asset: 'ETH',
      amount,
      reason: 'test:debit',
      idempotencyKey: 'test:wei:1',
    });
    const [row] = await db
      .select({ amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.idempotencyKey, 'test:wei:1'));
    expect(row!.amount).toBe(amount);
  });

  it('is append-only: updates and deletes are refused', async () => {
    const { db } = database();
    const update = await db
      .update(ledgerEntries)
      .set({ amount: 1n })
      .where(eq(ledgerEntries.idempotencyKey, 'test:credit:1'))
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(errorText(update)).toMatch(/append-only \(UPDATE refused\)/);
    const removal = await db
      .delete(ledgerEntries)
      .where(eq(ledgerEntries.idempotencyKey, 'test:credit:1'))
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(errorText(removal)).toMatch(/append-only \(DELETE refused\)/);
  });

  it('refuses a zero amount', async () => {
    const { db } = database();
    const refused = await db
      .insert(ledgerEntries)
      .values({ userId, asset: 'POINT', amount: 0n, reason: 'test:zero', idempotencyKey: 'test:zero:1' })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(errorText(refused)).toMatch(/ledger_entries_amount_nonzero/);
  });
});
