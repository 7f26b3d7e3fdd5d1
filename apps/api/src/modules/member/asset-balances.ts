import type { AssetBalance } from '@ojo/api-contract/member';
import type { Database } from '@ojo/db/client';
import { getAssetBalances } from '@ojo/db/ledger';
import {
  type AcceptSession,
  type OpenSessionValues,
  openSessionCondition,
  sessionUserColumns,
  sessionUserJoin,
} from '@ojo/db/open-session';
import { preparedRead } from '@ojo/db/prepared';
import { ledgerBalances } from '@ojo/db/schema/ledger-balances';
import { sessions } from '@ojo/db/schema/sessions';
import { users } from '@ojo/db/schema/users';
import { sql } from '@ojo/db/sql';
import { ASSET_TYPES } from '@ojo/domain/enums';

/**
 * A player's balances of points and OJO as the member calls answer them (spec 3): `available` is the balance,
 * `originalAvailable` the sum of the credits; one balance row each, whatever the number of entries.
 */
export async function readAssetBalances(db: Database, userId: string): Promise<AssetBalance[]> {
  const rows = await getAssetBalances(db, userId, ASSET_TYPES);
  return rows.map((row) => ({
    assetType: row.asset as AssetBalance['assetType'],
    available: row.balance.toString(),
    originalAvailable: row.credited.toString(),
  }));
}

/**
 * The balances read in one statement and one row: the caller's open session and user with each balance row of
 * theirs as one JSON array (amounts as text). No row when the session is not open.
 */
const selectSessionBalances = preparedRead('session_asset_balances', (db, name) =>
  db
    .select({
      ...sessionUserColumns,
      balances: sql<{ asset: string; balance: string; credited: string }[]>`(
        select coalesce(json_agg(json_build_object(
          'asset', ${ledgerBalances.asset}, 'balance', ${ledgerBalances.balance}::text,
          'credited', ${ledgerBalances.credited}::text
        )), '[]'::json)
        from ${ledgerBalances}
        where ${ledgerBalances.userId} = ${sessions.userId}
      )`,
    })
    .from(sessions)
    .innerJoin(users, sessionUserJoin)
    .where(openSessionCondition())
    .prepare(name),
);

/**
 * `readAssetBalances` of the caller, checking the session in the same statement (a hot read): `accept` takes the
 * session row (and refuses an ended session) before the balances are answered.
 */
export async function readSessionAssetBalances(
  db: Database,
  session: OpenSessionValues,
  accept: AcceptSession,
): Promise<AssetBalance[]> {
  const [row] = await selectSessionBalances(db, session);
  accept(row);
  return ASSET_TYPES.map((asset) => {
    const balance = row?.balances.find((candidate) => candidate.asset === asset);
    return {
      assetType: asset as AssetBalance['assetType'],
      available: balance?.balance ?? '0',
      originalAvailable: balance?.credited ?? '0',
    };
  });
}
