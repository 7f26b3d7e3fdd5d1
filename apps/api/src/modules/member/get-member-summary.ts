import type { MemberSummaryResult } from '@ojo/api-contract/member';
import type { Database } from '@ojo/db/client';
import { getAssetBalances } from '@ojo/db/ledger';
import type { BusinessType } from '@ojo/domain/enums';

/**
 * Summary 'me' (product.md 7, product.md 3 'Point/asset summary: total, ojoValue'): `total` is the balance in the tab's currency
 * (points tab: points, ojo tab: OJO), `ojoValue` the OJO balance.
 */
export async function getMemberSummary(
  db: Database,
  userId: string,
  businessType: BusinessType,
): Promise<MemberSummaryResult> {
  const [points, ojo] = await getAssetBalances(db, userId, ['POINT', 'OJO']);
  const total = businessType === 'points' ? points?.balance : ojo?.balance;
  return {
    businessType,
    total: (total ?? 0n).toString(),
    ojoValue: (ojo?.balance ?? 0n).toString(),
  };
}
