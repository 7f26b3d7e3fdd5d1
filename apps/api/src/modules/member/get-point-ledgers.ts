import type { PointLedger, PointLedgersResult } from '@ojo/api-contract/member';
import type { Database } from '@ojo/db/client';
import { getAssetBalances } from '@ojo/db/ledger';
import { ledgerEntries } from '@ojo/db/schema/ledger-entries';
import { and, desc, eq } from '@ojo/db/sql';
import type { AssetType } from '@ojo/domain/enums';

export interface PointLedgersPage {
  offset: number;
  limit: number;
  assetType: AssetType;
}

/** What an entry was for: its reason up to the first ':', all of it without one ('checkin:2026-11-22' is a 'checkin'). */
function businessTypeOf(reason: string): string {
  const separator = reason.indexOf(':');
  return separator === -1 ? reason : reason.slice(0, separator);
}

/**
 * product.md 7 'GET /member/points/ledgers/{id} with offset, limit (20), assetType': the balance of the asset and a page of
 * its entries, newest first (product.md 9: a page with fewer than the limit is the last one), of the user `userId`.
 */
export async function getPointLedgers(
  db: Database,
  userId: string,
  page: PointLedgersPage,
): Promise<PointLedgersResult> {
  const asset = page.assetType;
  const [balance] = await getAssetBalances(db, userId, [asset]);
  const entries = await db
    .select({
      id: ledgerEntries.id,
      amount: ledgerEntries.amount,
      reason: ledgerEntries.reason,
      createdAt: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.asset, asset)))
    .orderBy(desc(ledgerEntries.id))
    .offset(page.offset)
    .limit(page.limit);
  return {
    available: (balance?.balance ?? 0n).toString(),
    originalAvailable: (balance?.credited ?? 0n).toString(),
    pointLedgers: entries.map(
      (entry): PointLedger => ({
        id: entry.id.toString(),
        assetType: asset,
        amount: entry.amount.toString(),
        businessType: businessTypeOf(entry.reason),
        description: entry.reason,
        created: entry.createdAt.getTime(),
      }),
    ),
  };
}
