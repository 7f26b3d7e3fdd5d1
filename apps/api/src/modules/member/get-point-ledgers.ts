import type { PointLedger, PointLedgersResult } from '@ojo/api-contract/member';
import type { Database } from '@ojo/db/client';
import { epochMs, jsonArrayText, jsonObjectText } from '@ojo/db/json-text';
import { ledgerBalances } from '@ojo/db/schema/ledger-balances';
import { ledgerEntries } from '@ojo/db/schema/ledger-entries';
import { users } from '@ojo/db/schema/users';
import { and, eq, sql } from '@ojo/db/sql';
import type { AssetType } from '@ojo/domain/enums';
import { jsonListText } from '../../lib/serialize-response';

export interface PointLedgersPage {
  offset: number;
  limit: number;
  assetType: AssetType;
}

/**
 * spec 7 'GET /member/points/ledgers/{id} with offset, limit (20), assetType': the balance of the asset and a page of
 * its entries, newest first (spec 9: a page with fewer than the limit is the last one), of the user `userId`. One
 * statement and one row: the balance row of the asset and its entries as the JSON text of the answer's
 * `PointLedger` items (an entry's `businessType` is its reason up to the first ':', all of it without one: 'checkin:
 * 2026-11-22' is a 'checkin'; its asset is the page's), written by concatenation (`jsonObjectText`) and sent as the
 * statement wrote them (`jsonListText`).
 */
export async function getPointLedgers(
  db: Database,
  userId: string,
  page: PointLedgersPage,
): Promise<PointLedgersResult> {
  const asset = page.assetType;
  const [row] = await db
    .select({
      balance: { balance: ledgerBalances.balance, credited: ledgerBalances.credited },
      entries: jsonArrayText(
        jsonObjectText({
          id: { plainText: sql`page.id::text` },
          assetType: { text: sql`${asset}::text` },
          amount: { plainText: sql`page.amount::text` },
          businessType: { text: sql`split_part(page.reason, ':', 1)` },
          description: { text: sql`page.reason` },
          created: { number: epochMs(sql`page.created_at`) },
        }),
        sql`(
          select ${ledgerEntries.id} as id, ${ledgerEntries.amount} as amount, ${ledgerEntries.reason} as reason,
            ${ledgerEntries.createdAt} as created_at
          from ${ledgerEntries}
          where ${ledgerEntries.userId} = ${userId} and ${ledgerEntries.asset} = ${asset}
          order by ${ledgerEntries.id} desc
          offset ${page.offset} limit ${page.limit}
        ) page`,
        sql`page.id desc`,
      ),
    })
    .from(users)
    .leftJoin(ledgerBalances, and(eq(ledgerBalances.userId, users.id), eq(ledgerBalances.asset, asset)))
    .where(eq(users.id, userId));
  return {
    available: (row?.balance?.balance ?? 0n).toString(),
    originalAvailable: (row?.balance?.credited ?? 0n).toString(),
    pointLedgers: jsonListText<PointLedger>(row?.entries ?? '[]'),
  };
}
