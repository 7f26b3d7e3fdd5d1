import { and, eq, sql } from 'drizzle-orm';
import { type Database, queryRows, type Transaction } from './client';
import { ledgerBalances } from './schema/ledger-balances';
import { type LedgerEntry, ledgerEntries, type NewLedgerEntry } from './schema/ledger-entries';

/**
 * The ledger (ARCHITECTURE.md (API conventions)): balances change only by appending an entry with a unique idempotency key, in the
 * same transaction as the check that allows it. The `ledger_balances` row of the user and asset follows each entry
 * through the insert trigger (migration `ledger_balances`), so a balance is one row to read; the database refuses
 * an overdrawn balance and any change to an entry or a balance row by other means.
 */

export type LedgerAsset = LedgerEntry['asset'];

type Executor = Database | Transaction;

/** An entry to record; `amount` is positive for `credit` and `debit` (the sign comes from the verb). */
export type LedgerMove = Omit<NewLedgerEntry, 'amount' | 'id' | 'createdAt'> & { amount: bigint };

export interface LedgerMoveResult {
  entry: LedgerEntry;
  /** False when the idempotency key had been used already: nothing changed, `entry` is the original. */
  isNew: boolean;
  /** The balance after the move (or, for a retry, now). */
  balance: bigint;
}

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

/** A user's balance of one asset in base units: one row, however many entries (0 when none). */
export async function getBalance(db: Executor, userId: string, asset: LedgerAsset): Promise<bigint> {
  const [row] = await db
    .select({ balance: ledgerBalances.balance })
    .from(ledgerBalances)
    .where(and(eq(ledgerBalances.userId, userId), eq(ledgerBalances.asset, asset)));
  return row?.balance ?? 0n;
}

/** Every balance row of a user, keyed by asset (assets never moved are absent, i.e. 0). */
export async function getBalances(
  db: Executor,
  userId: string,
): Promise<Partial<Record<LedgerAsset, bigint>>> {
  const rows = await db
    .select({ asset: ledgerBalances.asset, balance: ledgerBalances.balance })
    .from(ledgerBalances)
    .where(eq(ledgerBalances.userId, userId));
  return Object.fromEntries(rows.map((row) => [row.asset, row.balance]));
}

export interface AssetBalanceRow {
  asset: LedgerAsset;
  /** What the user can spend now: the sum of the entries. */
  balance: bigint;
  /** What the user was given in total: the sum of the credits alone. */
  credited: bigint;
}

/** Balance and credited total of each asset in `assets` (0 and 0 for an asset never moved), in that order. */
export async function getAssetBalances(
  db: Executor,
  userId: string,
  assets: readonly LedgerAsset[],
): Promise<AssetBalanceRow[]> {
  const rows = await db
    .select({
      asset: ledgerBalances.asset,
      balance: ledgerBalances.balance,
      credited: ledgerBalances.credited,
    })
    .from(ledgerBalances)
    .where(eq(ledgerBalances.userId, userId));
  return assets.map(
    (asset) => rows.find((row) => row.asset === asset) ?? { asset, balance: 0n, credited: 0n },
  );
}

/** Every user's balance of one asset added up (what is outstanding of it). */
export async function totalBalance(db: Executor, asset: LedgerAsset): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerBalances.balance}), 0)::text` })
    .from(ledgerBalances)
    .where(eq(ledgerBalances.asset, asset));
  return BigInt(row?.total ?? '0');
}

/**
 * Serialises balance changes of one user and asset until the transaction ends, so a check and the entry it
 * allows cannot interleave with another transaction's (ARCHITECTURE.md (API conventions)). Two locks, always in this order: the
 * advisory lock (held even before the balance row exists), then the balance row `FOR UPDATE`, the lock a bet's
 * one-statement fast path takes; so a debit here and a bet there wait for each other instead of both passing their
 * check and the second being refused by the database. Answers the balance as locked (0 when there is no row).
 */
export async function lockBalance(tx: Transaction, userId: string, asset: LedgerAsset): Promise<bigint> {
  await queryRows(tx, sql`select pg_advisory_xact_lock(hashtext(${`ledger:${userId}:${asset}`}))`);
  const [row] = await queryRows<{ balance: string }>(
    tx,
    sql`select balance::text as balance from ${ledgerBalances}
        where user_id = ${userId} and asset = ${asset} for update`,
  );
  return BigInt(row?.balance ?? '0');
}

/**
 * Appends an entry unless one with the same idempotency key exists. A retry with the same key and content returns
 * the stored entry with `isNew: false`; the same key with different content throws. The balance row follows in the
 * same statement (trigger); an entry that would overdraw it is refused by the database.
 */
export async function appendLedgerEntry(
  db: Executor,
  entry: NewLedgerEntry,
): Promise<{ entry: LedgerEntry; isNew: boolean }> {
  const [inserted] = await db
    .insert(ledgerEntries)
    .values(entry)
    .onConflictDoNothing({ target: ledgerEntries.idempotencyKey })
    .returning();
  if (inserted) return { entry: inserted, isNew: true };
  const existing = await findEntry(db, entry.idempotencyKey);
  if (!existing) throw new Error(`ledger entry ${entry.idempotencyKey} vanished`);
  const isSame =
    existing.userId === entry.userId && existing.asset === entry.asset && existing.amount === entry.amount;
  if (!isSame) {
    throw new IdempotencyConflictError(`idempotency key ${entry.idempotencyKey} was used for another entry`);
  }
  return { entry: existing, isNew: false };
}

/** The entry recorded under an idempotency key, if any. */
export async function findEntry(db: Executor, idempotencyKey: string): Promise<LedgerEntry | undefined> {
  const [row] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, idempotencyKey));
  return row;
}

/**
 * Adds `amount` (positive, base units) to a balance. Run inside the caller's transaction when the credit belongs
 * to a larger decision (a task verified, a check-in), so both commit or neither does. A retry with the same key
 * changes nothing and returns the original entry.
 */
export async function credit(db: Executor, move: LedgerMove): Promise<LedgerMoveResult> {
  if (move.amount <= 0n) throw new RangeError('credit amount must be positive');
  return db.transaction(async (tx) => {
    const result = await appendLedgerEntry(tx, move);
    return { ...result, balance: await getBalance(tx, move.userId, move.asset) };
  });
}

/**
 * Takes `amount` (positive, base units) from a balance in one transaction: lock, check, append. A retried debit
 * with the same key is not charged twice and does not fail for the balance it already used.
 */
export async function debit(db: Executor, move: LedgerMove): Promise<LedgerMoveResult> {
  if (move.amount <= 0n) throw new RangeError('debit amount must be positive');
  return db.transaction(async (tx) => {
    const balance = await lockBalance(tx, move.userId, move.asset);
    const previous = await findEntry(tx, move.idempotencyKey);
    if (!previous && balance < move.amount) throw new InsufficientBalanceError(balance, move.amount);
    const result = await appendLedgerEntry(tx, { ...move, amount: -move.amount });
    return { ...result, balance: await getBalance(tx, move.userId, move.asset) };
  });
}

/**
 * The total a user was credited in `asset` by entries whose idempotency key starts with one of `keyPrefixes` (a
 * source's keys share a prefix: `checkin:`, `task:`), from the user's own entries.
 */
export async function creditedUnderKeys(
  db: Executor,
  userId: string,
  asset: LedgerAsset,
  keyPrefixes: readonly string[],
): Promise<bigint> {
  if (keyPrefixes.length === 0) return 0n;
  const patterns = keyPrefixes.map((prefix) => `${prefix.replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
  const [row] = await queryRows<{ total: string }>(
    db,
    sql`select coalesce(sum(${ledgerEntries.amount}), 0)::text as total from ${ledgerEntries}
        where ${ledgerEntries.userId} = ${userId} and ${ledgerEntries.asset} = ${asset}
          and ${ledgerEntries.amount} > 0 and ${ledgerEntries.idempotencyKey} like any(${pgTextArray(patterns)}::text[])`,
  );
  return BigInt(row?.total ?? '0');
}

export interface LedgerDiscrepancy {
  userId: string;
  asset: LedgerAsset;
  /** The balance row's balance and credited total (null: no row). */
  balance: bigint | null;
  credited: bigint | null;
  /** The sum of the entries and of the credits alone (null: no entries). */
  entriesTotal: bigint | null;
  entriesCredited: bigint | null;
}

/**
 * Reconciliation: every (user, asset) whose balance row differs from its entries (the balance from their sum, the
 * credited total from the sum of the credits), including a row without entries and entries without a row. Empty
 * when the ledger is consistent, which the trigger guarantees; this proves it (tests, and an operator's check).
 */
export async function findLedgerDiscrepancies(db: Executor): Promise<LedgerDiscrepancy[]> {
  const rows = await queryRows<{
    user_id: string;
    asset: LedgerAsset;
    balance: string | null;
    credited: string | null;
    entries_total: string | null;
    entries_credited: string | null;
  }>(
    db,
    sql`select coalesce(b.user_id, e.user_id) as user_id, coalesce(b.asset, e.asset) as asset,
          b.balance::text as balance, b.credited::text as credited,
          e.total::text as entries_total, e.credited::text as entries_credited
        from ${ledgerBalances} b
        full outer join (
          select ${ledgerEntries.userId} as user_id, ${ledgerEntries.asset} as asset,
            sum(${ledgerEntries.amount}) as total, sum(greatest(${ledgerEntries.amount}, 0)) as credited
          from ${ledgerEntries} group by 1, 2
        ) e on e.user_id = b.user_id and e.asset = b.asset
        where b.balance is distinct from e.total or b.credited is distinct from e.credited`,
  );
  const toBigInt = (value: string | null) => (value === null ? null : BigInt(value));
  return rows.map((row) => ({
    userId: row.user_id,
    asset: row.asset,
    balance: toBigInt(row.balance),
    credited: toBigInt(row.credited),
    entriesTotal: toBigInt(row.entries_total),
    entriesCredited: toBigInt(row.entries_credited),
  }));
}

/**
 * Credits many balances at once (a race's payouts and refunds): one multi-row insert per chunk, each entry with its
 * own idempotency key, so running it again adds nothing (`on conflict do nothing`). Credits cannot overdraw, so no
 * balance lock is needed; the balance rows follow through the same trigger. Run inside the caller's transaction.
 * Answers how many entries were new.
 */
export async function creditMany(
  db: Executor,
  moves: readonly LedgerMove[],
  options: { chunkSize?: number } = {},
): Promise<number> {
  const chunkSize = options.chunkSize ?? 5000;
  let added = 0;
  for (let start = 0; start < moves.length; start += chunkSize) {
    const chunk = moves.slice(start, start + chunkSize);
    for (const move of chunk) if (move.amount <= 0n) throw new RangeError('credit amount must be positive');
    const rows = await queryRows<{ id: string }>(
      db,
      sql`insert into ${ledgerEntries} (user_id, asset, amount, reason, idempotency_key)
          select * from unnest(
            ${`{${chunk.map((m) => m.userId).join(',')}}`}::uuid[],
            ${`{${chunk.map((m) => m.asset).join(',')}}`}::ledger_asset[],
            ${`{${chunk.map((m) => m.amount.toString()).join(',')}}`}::numeric[],
            ${pgTextArray(chunk.map((m) => m.reason))}::text[],
            ${pgTextArray(chunk.map((m) => m.idempotencyKey))}::text[])
          on conflict (idempotency_key) do nothing
          returning id::text as id`,
    );
    added += rows.length;
  }
  return added;
}

/** A PostgreSQL array literal of texts (each element quoted and escaped). */
function pgTextArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}
