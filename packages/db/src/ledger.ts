import { and, eq, sql } from 'drizzle-orm';
import { type Database, queryRows, type Transaction } from './client';
import { type LedgerEntry, ledgerEntries, type NewLedgerEntry } from './schema/ledger-entries';

export type LedgerAsset = LedgerEntry['asset'];

/** Thrown when an idempotency key is reused for a different entry: a caller bug, never a retry. */
export class IdempotencyConflictError extends Error {
  override readonly name = 'IdempotencyConflictError';
}

/** Thrown by `debit` when the balance does not cover the amount; nothing was written. */
export class InsufficientBalanceError extends Error {
  override readonly name = 'InsufficientBalanceError';
  constructor(
    readonly balance: bigint,
    readonly amount: bigint,
  ) {
    super(`balance ${balance} does not cover ${amount}`);
  }
}

/** Sum of a user's entries for one asset, in base units. */
export async function getBalance(
  db: Database | Transaction,
  userId: string,
  asset: LedgerAsset,
): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.asset, asset)));
  return BigInt(row?.total ?? '0');
}

/**
 * Serialises balance changes of one user and asset until the transaction ends, so a check and the entry it
 * allows cannot interleave with another transaction's (DESIGN.md section 5).
 */
export async function lockBalance(tx: Transaction, userId: string, asset: LedgerAsset): Promise<void> {
  await queryRows(tx, sql`select pg_advisory_xact_lock(hashtext(${`ledger:${userId}:${asset}`}))`);
}

/**
 * Appends an entry unless one with the same idempotency key exists. A retry with the same key and content returns
 * the stored entry with `isNew: false`; the same key with different content throws.
 */
export async function appendLedgerEntry(
  db: Database | Transaction,
  entry: NewLedgerEntry,
): Promise<{ entry: LedgerEntry; isNew: boolean }> {
  const [inserted] = await db
    .insert(ledgerEntries)
    .values(entry)
    .onConflictDoNothing({ target: ledgerEntries.idempotencyKey })
    .returning();
  if (inserted) return { entry: inserted, isNew: true };
  const [existing] = await db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.idempotencyKey, entry.idempotencyKey));
  if (!existing) throw new Error(`ledger entry ${entry.idempotencyKey} vanished`);
  const isSame =
    existing.userId === entry.userId && existing.asset === entry.asset && existing.amount === entry.amount;
  if (!isSame) {
    throw new IdempotencyConflictError(`idempotency key ${entry.idempotencyKey} was used for another entry`);
  }
  return { entry: existing, isNew: false };
}

/**
 * Takes `amount` (positive, base units) from a balance in one transaction: lock, check, append. A retried debit
 * with the same key is not charged twice and does not fail for the balance it already used.
 */
export async function debit(
  db: Database,
  entry: Omit<NewLedgerEntry, 'amount'> & { amount: bigint },
): Promise<{ entry: LedgerEntry; isNew: boolean; balance: bigint }> {
  if (entry.amount <= 0n) throw new RangeError('debit amount must be positive');
  return db.transaction(async (tx) => {
    await lockBalance(tx, entry.userId, entry.asset);
    const [previous] = await tx
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.idempotencyKey, entry.idempotencyKey));
    if (!previous) {
      const balance = await getBalance(tx, entry.userId, entry.asset);
      if (balance < entry.amount) throw new InsufficientBalanceError(balance, entry.amount);
    }
    const result = await appendLedgerEntry(tx, { ...entry, amount: -entry.amount });
    return { ...result, balance: await getBalance(tx, entry.userId, entry.asset) };
  });
}
