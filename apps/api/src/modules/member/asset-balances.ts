import type { AssetBalance } from '@ojo/api-contract/member';
import type { Database } from '@ojo/db/client';
import { getAssetBalances } from '@ojo/db/ledger';
import { ASSET_TYPES } from '@ojo/domain/enums';

/**
 * A player's balances of points and OJO as the member calls answer them (product.md 3): `available` is the balance,
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
