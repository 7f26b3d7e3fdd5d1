import type { PointLedger, PointLedgersResult } from '@ojo/api-contract/member';
import type { Database } from '@ojo/db/client';
import {
  type AcceptSession,
  type OpenSessionValues,
  openSessionCondition,
  sessionUserColumns,
  sessionUserJoin,
} from '@ojo/db/open-session';
import { preparedQuery } from '@ojo/db/prepared';
import { ledgerBalances } from '@ojo/db/schema/ledger-balances';
import { type LedgerEntry, ledgerEntries } from '@ojo/db/schema/ledger-entries';
import { sessions } from '@ojo/db/schema/sessions';
import { users } from '@ojo/db/schema/users';
import { and, desc, eq, sql } from '@ojo/db/sql';
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

function toPointLedger(
  entry: Pick<LedgerEntry, 'id' | 'asset' | 'amount' | 'reason' | 'createdAt'>,
): PointLedger {
  return {
    id: entry.id.toString(),
    assetType: entry.asset as AssetType,
    amount: entry.amount.toString(),
    businessType: businessTypeOf(entry.reason),
    description: entry.reason,
    created: entry.createdAt.getTime(),
  };
}

/**
 * The ledger page read in one statement: the caller's open session and user, the balance row of the placeholder
 * `asset` and its entries newest first (`offset`, `limit`). No row when the session is not open; one row with a null
 * entry when the page is empty.
 */
const selectSessionPointLedgers = preparedQuery('session_point_ledgers', (db, name) => {
  const page = db
    .select({
      id: ledgerEntries.id,
      asset: ledgerEntries.asset,
      amount: ledgerEntries.amount,
      reason: ledgerEntries.reason,
      createdAt: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userId, sql.placeholder('userId')),
        eq(ledgerEntries.asset, sql.placeholder('asset')),
      ),
    )
    .orderBy(desc(ledgerEntries.id))
    .offset(sql.placeholder('offset'))
    .limit(sql.placeholder('limit'))
    .as('ledger_page');
  return db
    .select({
      ...sessionUserColumns,
      balance: { balance: ledgerBalances.balance, credited: ledgerBalances.credited },
      entry: {
        id: page.id,
        asset: page.asset,
        amount: page.amount,
        reason: page.reason,
        createdAt: page.createdAt,
      },
    })
    .from(sessions)
    .innerJoin(users, sessionUserJoin)
    .leftJoin(
      ledgerBalances,
      and(eq(ledgerBalances.userId, sessions.userId), eq(ledgerBalances.asset, sql.placeholder('asset'))),
    )
    .leftJoin(page, sql`true`)
    .where(openSessionCondition())
    .orderBy(desc(page.id))
    .prepare(name);
});

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
  const [first] = rows;
  accept(first);
  return {
    available: (first?.balance?.balance ?? 0n).toString(),
    originalAvailable: (first?.balance?.credited ?? 0n).toString(),
    pointLedgers: rows.flatMap((row) => (row.entry ? [toPointLedger(row.entry)] : [])),
  };
}
