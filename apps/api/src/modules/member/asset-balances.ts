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
import { preparedQuery } from '@ojo/db/prepared';
import { ledgerBalances } from '@ojo/db/schema/ledger-balances';
import { sessions } from '@ojo/db/schema/sessions';
import { users } from '@ojo/db/schema/users';
import { eq } from '@ojo/db/sql';
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

/** The balances read in one statement: the caller's open session and user with each balance row of theirs. */
const selectSessionBalances = preparedQuery('session_asset_balances', (db, name) =>
  db
    .select({
      ...sessionUserColumns,
      balance: {
        asset: ledgerBalances.asset,
        balance: ledgerBalances.balance,
        credited: ledgerBalances.credited,
      },
    })
    .from(sessions)
    .innerJoin(users, sessionUserJoin)
    .leftJoin(ledgerBalances, eq(ledgerBalances.userId, sessions.userId))
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
  const rows = await selectSessionBalances(db, session);
  accept(rows[0]);
  return ASSET_TYPES.map((asset) => {
    const row = rows.find((candidate) => candidate.balance?.asset === asset)?.balance;
    return {
      assetType: asset as AssetBalance['assetType'],
      available: (row?.balance ?? 0n).toString(),
      originalAvailable: (row?.credited ?? 0n).toString(),
    };
  });
}
