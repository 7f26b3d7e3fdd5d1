import type { PointLedgersResult } from '@ojo/api-contract/member';
import type { Database } from '@ojo/db/client';
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

export interface PointLedgersPage {
  offset: number;
  limit: number;
  assetType: AssetType;
}

/** What an entry was for: its reason up to the first ':' ('checkin:2026-11-22' is a 'checkin'). */
function businessTypeOf(reason: string): string {
  const separator = reason.indexOf(':');
  return separator === -1 ? reason : reason.slice(0, separator);
}

/**
 * An entry of the page as the one-row read aggregates it: a JSON array (the page's JSON stays short) of its id and
 * amount as text, its reason and its time in epoch ms. Its asset is the page's.
 */
type PageEntry = [id: string, amount: string, reason: string, createdMs: number];

/**
 * The ledger page read in one statement and one row: the caller's open session and user, the balance row of the
 * placeholder `asset`, and its entries newest first (`offset`, `limit`) as one JSON array. No row when the session is
 * not open. One row rather than one per entry with the user's columns repeated (`npm run bench:api`).
 */
const selectSessionPointLedgers = preparedRead('session_point_ledgers', (db, name) =>
  db
    .select({
      ...sessionUserColumns,
      balance: { balance: ledgerBalances.balance, credited: ledgerBalances.credited },
      entries: sql<PageEntry[]>`(
        select coalesce(json_agg(json_build_array(
          page.id::text, page.amount::text, page.reason, floor(extract(epoch from page.created_at) * 1000)::bigint
        ) order by page.id desc), '[]'::json)
        from (
          select ${ledgerEntries.id} as id, ${ledgerEntries.amount} as amount, ${ledgerEntries.reason} as reason,
            ${ledgerEntries.createdAt} as created_at
          from ${ledgerEntries}
          where ${ledgerEntries.userId} = ${sessions.userId} and ${ledgerEntries.asset} = ${sql.placeholder('asset')}
          order by ${ledgerEntries.id} desc
          offset ${sql.placeholder('offset')} limit ${sql.placeholder('limit')}
        ) page
      )`,
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
 * its entries, newest first (spec 9: a page with fewer than the limit is the last one). The caller's, checking the session in the same statement (a hot read): `accept` takes the
 * session row (and refuses an ended session) before the page is built.
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
    pointLedgers: (row?.entries ?? []).map(([id, amount, reason, createdMs]) => ({
      id,
      assetType: page.assetType,
      amount,
      businessType: businessTypeOf(reason),
      description: reason,
      created: createdMs,
    })),
  };
}
