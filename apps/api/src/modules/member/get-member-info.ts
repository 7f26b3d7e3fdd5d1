import type { MemberInfo } from '@ojo/api-contract/member';
import type { Database } from '@ojo/db/client';
import type { User } from '@ojo/db/schema/users';
import { readAssetBalances } from './asset-balances';
import { getMemberExpansion } from './member-expansion';

/** GET /v2/customer/me: the member info the task and check-in screens refresh after a reward. */
export async function getMemberInfo(db: Database, user: User): Promise<MemberInfo> {
  const [assets, expansion] = await Promise.all([
    readAssetBalances(db, user.id),
    getMemberExpansion(db, user.id),
  ]);
  return { id: user.id, handle: user.handle, avatar: user.avatar, assets, expansion };
}
