import type { PointLedger, PointLedgersResult } from '@ojo/api-contract/member';
import type { Database } from '@ojo/db/client';
import { epochMs, jsonArrayText, jsonObjectText } from '@ojo/db/json-text';
import {
  type AcceptSession,
  type OpenSessionValues,
  openSessionCondition,
  sessionUserColumns,
  sessionUserJoin,
} from '@ojo/db/open-session';
import { preparedRead } from '@ojo/db/prepared';
import { ledgerBalances } from '@ojo/db/schema/ledger-balances';
import { ledgerEntries } from '@ojo/db/schema/ledger-entries';
import { sessions } from '@ojo/db/schema/sessions';
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
 * The ledger page read in one statement and one row: the caller's open session and user, the balance row of the
 * placeholder `asset`, and its entries newest first (`offset`, `limit`) as the JSON text of the answer's
 * `PointLedger` items (an entry's `businessType` is its reason up to the first ':', all of it without one: 'checkin:
 * 2026-11-22' is a 'checkin'; its asset is the page's). No row when the session is not open. One row rather than
 * one per entry with the user's columns repeated, and the entries as the answer's JSON text rather than values the
 * API would parse, copy and write again (`npm run bench:api`), written by concatenation (`jsonObjectText`).
 */
const selectSessionPointLedgers = preparedRead('session_point_ledgers', (db, name) =>
  db
    .select({
      ...sessionUserColumns,
      balance: { balance: ledgerBalances.balance, credited: ledgerBalances.credited },
      entries: jsonArrayText(
        jsonObjectText({
          id: { plainText: sql`page.id::text` },
          assetType: { text: sql`${sql.placeholder('asset')}::text` },
          amount: { plainText: sql`page.amount::text` },
          businessType: { text: sql`split_part(page.reason, ':', 1)` },
          description: { text: sql`page.reason` },
          created: { number: epochMs(sql`page.created_at`) },
        }),
        sql`(
          select ${ledgerEntries.id} as id, ${ledgerEntries.amount} as amount, ${ledgerEntries.reason} as reason,
            ${ledgerEntries.createdAt} as created_at
          from ${ledgerEntries}
          where ${ledgerEntries.userId} = ${sessions.userId} and ${ledgerEntries.asset} = ${sql.placeholder('asset')}
          order by ${ledgerEntries.id} desc
          offset ${sql.placeholder('offset')} limit ${sql.placeholder('limit')}
        ) page`,
        sql`page.id desc`,
      ),
    })
    .from(sessions)
    .innerJoin(users, sessionUserJoin)
    .leftJoin(
      ledgerBalances,
      and(eq(ledgerBalances.userId, sessions.userId), eq(ledgerBalances.asset, sql.placeholder('asset'))),
    )
    .where(openSessionCondition())
    .prepare(name),
);

/**
 * spec 7 'GET /member/points/ledgers/{id} with offset, limit (20), assetType': the balance of the asset and a page of
 * its entries, newest first (spec 9: a page with fewer than the limit is the last one). The caller's, checking the
 * session in the same statement (a hot read): `accept` takes the session row (and refuses an ended session) before
 * the page is built. The entries go out as the statement wrote them (`jsonListText`).
 */
export async function readSessionPointLedgers(
  db: Database,
  session: OpenSessionValues,
  accept: AcceptSession,
  page: PointLedgersPage,
): Promise<PointLedgersResult> {
  const rows = await selectSessionPointLedgers(db, {
    ...session,
    asset: page.assetType,
    offset: page.offset,
    limit: page.limit,
  });
  const [row] = rows;
  accept(row);
  return {
    available: (row?.balance?.balance ?? 0n).toString(),
    originalAvailable: (row?.balance?.credited ?? 0n).toString(),
    pointLedgers: jsonListText<PointLedger>(row?.entries ?? '[]'),
  };
}
