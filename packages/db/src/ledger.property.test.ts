import { asc, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { Database } from './client';
import {
  credit,
  debit,
  findLedgerDiscrepancies,
  getAssetBalances,
  InsufficientBalanceError,
  type LedgerAsset,
} from './ledger';
import { type LedgerEntry, ledgerEntries } from './schema/ledger-entries';
import { users } from './schema/users';
import { describeWithDatabases } from './testing';

/**
 * The ledger's promises over any sequence of operations (ARCHITECTURE.md (API conventions)): every balance row equals the sum of
 * its entries, no entry is ever changed or deleted, a retried operation with the same key changes nothing, and a
 * debit the balance does not cover is refused without a trace.
 */

type Operation =
  | { kind: 'credit'; user: number; asset: LedgerAsset; amount: bigint }
  | { kind: 'debit'; user: number; asset: LedgerAsset; amount: bigint }
  | { kind: 'retry'; pick: number };

const assetArb = fc.constantFrom<LedgerAsset>('POINT', 'OJO');
const amountArb = fc.bigInt({ min: 1n, max: 500n });
const operationArb: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ kind: fc.constant('credit' as const), user: fc.nat(1), asset: assetArb, amount: amountArb }),
  fc.record({ kind: fc.constant('debit' as const), user: fc.nat(1), asset: assetArb, amount: amountArb }),
  fc.record({ kind: fc.constant('retry' as const), pick: fc.nat() }),
);

interface Done {
  kind: 'credit' | 'debit';
  move: { userId: string; asset: LedgerAsset; amount: bigint; reason: string; idempotencyKey: string };
}

let runCounter = 0;

async function createUsers(db: Database, count: number): Promise<string[]> {
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, () => {
        runCounter += 1;
        return { referralCode: `P${runCounter.toString(36).padStart(5, '0').slice(-5)}` };
      }),
    )
    .returning({ id: users.id });
  return rows.map((row) => row.id);
}

async function entriesOf(db: Database, userIds: string[]): Promise<LedgerEntry[]> {
  return db
    .select()
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.userId, userIds))
    .orderBy(asc(ledgerEntries.id));
}

const balanceKey = (userId: string, asset: LedgerAsset) => `${userId}:${asset}`;

async function runSequence(db: Database, operations: Operation[]): Promise<void> {
  const userIds = await createUsers(db, 2);
  const expected = new Map<string, bigint>();
  const credited = new Map<string, bigint>();
  const done: Done[] = [];
  for (const [step, operation] of operations.entries()) {
    const before = await entriesOf(db, userIds);
    if (operation.kind === 'retry') {
      const original = done[operation.pick % Math.max(done.length, 1)];
      if (!original) continue;
      const result = await (original.kind === 'credit' ? credit : debit)(db, original.move);
      expect(result.isNew).toBe(false);
      // A retry changes nothing: the same entries, byte for byte, and the same balance.
      expect(await entriesOf(db, userIds)).toEqual(before);
      continue;
    }
    const userId = userIds[operation.user]!;
    const key = balanceKey(userId, operation.asset);
    const move = {
      userId,
      asset: operation.asset,
      amount: operation.amount,
      reason: `property:${operation.kind}`,
      idempotencyKey: `property:${userId}:${step}`,
    };
    const current = expected.get(key) ?? 0n;
    if (operation.kind === 'debit' && current < operation.amount) {
      await expect(debit(db, move)).rejects.toBeInstanceOf(InsufficientBalanceError);
      expect(await entriesOf(db, userIds)).toEqual(before);
      continue;
    }
    const result = await (operation.kind === 'credit' ? credit : debit)(db, move);
    const next = operation.kind === 'credit' ? current + operation.amount : current - operation.amount;
    expected.set(key, next);
    if (operation.kind === 'credit') credited.set(key, (credited.get(key) ?? 0n) + operation.amount);
    expect(result).toMatchObject({ isNew: true, balance: next });
    done.push({ kind: operation.kind, move });
    // Append-only: every earlier entry is still there, unchanged, and exactly one was added.
    const after = await entriesOf(db, userIds);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after).toHaveLength(before.length + 1);
  }
  for (const userId of userIds) {
    expect(await getAssetBalances(db, userId, ['POINT', 'OJO'])).toEqual(
      (['POINT', 'OJO'] as const).map((asset) => ({
        asset,
        balance: expected.get(balanceKey(userId, asset)) ?? 0n,
        credited: credited.get(balanceKey(userId, asset)) ?? 0n,
      })),
    );
  }
  expect(await findLedgerDiscrepancies(db)).toEqual([]);
}

describeWithDatabases('ledger properties', ({ database }) => {
  it('keeps balances equal to their entries, entries unchanged, and retries without effect', async () => {
    const { db } = database();
    await fc.assert(
      fc.asyncProperty(fc.array(operationArb, { minLength: 1, maxLength: 25 }), (operations) =>
        runSequence(db, operations),
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
