import type { Database, Transaction } from '@ojo/db/client';
import { coinCostBasis, coinLowestPaid } from '@ojo/db/schema/coin';
import { eq, sql } from '@ojo/db/sql';
import type { CostBasis, Rate } from '@ojo/domain/coin/redeem-payout';

/**
 * The cost of each player's bought OJO (average cost) and the cheapest rate any order paid: every read and write of
 * them. Each write runs in the transaction of the OJO ledger move it follows, so the basis and the balance change
 * together or not at all.
 */

/** A credited order: `qty` OJO bought for `wei`; also lowers the cheapest rate ever paid when this one is lower. */
export async function addPurchase(tx: Transaction, userId: string, qty: bigint, wei: bigint): Promise<void> {
  await restoreBasis(tx, userId, qty, wei);
  // Compared exactly by cross-multiplying: wei / qty < stored wei / stored qty.
  await tx
    .insert(coinLowestPaid)
    .values({ id: true, qty, wei })
    .onConflictDoUpdate({
      target: coinLowestPaid.id,
      set: { qty: sql`excluded.qty`, wei: sql`excluded.wei`, updatedAt: sql`now()` },
      setWhere: sql`excluded.wei * ${coinLowestPaid.qty} < ${coinLowestPaid.wei} * excluded.qty`,
    });
}

/** The player's basis, locked until the transaction ends (the caller holds the OJO balance lock too). */
export async function lockCostBasis(tx: Transaction, userId: string): Promise<CostBasis> {
  const [row] = await tx
    .select({ qty: coinCostBasis.qty, wei: coinCostBasis.wei })
    .from(coinCostBasis)
    .where(eq(coinCostBasis.userId, userId))
    .for('update');
  return row ?? { qty: 0n, wei: 0n };
}

/** The player's basis as it is (a read for the redeem screen). */
export async function readCostBasis(db: Database | Transaction, userId: string) {
  const [row] = await db
    .select({ qty: coinCostBasis.qty, wei: coinCostBasis.wei })
    .from(coinCostBasis)
    .where(eq(coinCostBasis.userId, userId));
  return row ?? { qty: 0n, wei: 0n };
}

/** The cheapest wei-per-OJO rate any credited order paid; null when none was ever credited. */
export async function readLowestPaid(db: Database | Transaction): Promise<Rate | null> {
  const [row] = await db.select({ qty: coinLowestPaid.qty, wei: coinLowestPaid.wei }).from(coinLowestPaid);
  return row ?? null;
}

/** A redemption takes `qty` bought OJO and `wei` of their cost (what `consumeBasis` decided under the lock). */
export async function takeBasis(tx: Transaction, userId: string, qty: bigint, wei: bigint): Promise<void> {
  if (qty === 0n && wei === 0n) return;
  await tx
    .update(coinCostBasis)
    .set({
      qty: sql`${coinCostBasis.qty} - ${qty}`,
      wei: sql`${coinCostBasis.wei} - ${wei}`,
      updatedAt: sql`now()`,
    })
    .where(eq(coinCostBasis.userId, userId));
}

/** Adds to the player's basis: a purchase, or a cancelled or failed redemption giving back exactly what it took. */
export async function restoreBasis(tx: Transaction, userId: string, qty: bigint, wei: bigint): Promise<void> {
  if (qty === 0n && wei === 0n) return;
  await tx
    .insert(coinCostBasis)
    .values({ userId, qty, wei })
    .onConflictDoUpdate({
      target: coinCostBasis.userId,
      set: {
        qty: sql`${coinCostBasis.qty} + excluded.qty`,
        wei: sql`${coinCostBasis.wei} + excluded.wei`,
        updatedAt: sql`now()`,
      },
    });
}
