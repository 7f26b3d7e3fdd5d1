import type { UserInfo } from '@ojo/api-contract/user';
import type { Database } from '@ojo/db/client';
import { type UserAddress, userAddresses } from '@ojo/db/schema/user-addresses';
import type { User } from '@ojo/db/schema/users';
import { asc, eq } from '@ojo/db/sql';

/** `GET /customer`: the user info of the caller, with every address in binding order. */
export async function readUserInfo(db: Database, user: User): Promise<UserInfo> {
  const addresses = await db
    .select()
    .from(userAddresses)
    .where(eq(userAddresses.userId, user.id))
    .orderBy(asc(userAddresses.bindTime), asc(userAddresses.id));
  return toUserInfo(user, addresses);
}

/** What user info shows of an address. */
type ShownAddress = Pick<
  UserAddress,
  'platform' | 'walletType' | 'chainType' | 'address' | 'isConnected' | 'linkKind' | 'bindTime'
>;

/** User info of product.md 3 for one user: profile, smart account and every bound address. */
export function toUserInfo(user: User, addresses: ShownAddress[]): UserInfo {
  const connectAddress: UserInfo['connectAddress'] = {};
  const linkedWallets: UserInfo['linkedWallets'] = {};
  for (const row of addresses) {
    if (row.isConnected && row.linkKind) linkedWallets[row.linkKind] = { address: row.address };
    // The first linked wallet per chain type is the one shown (linking is locked once set, product.md 2).
    if (row.isConnected && !connectAddress[row.chainType])
      connectAddress[row.chainType] = { address: row.address };
  }
  return {
    id: user.id,
    isOldType: user.isOldType,
    profile: user.handle ? { handle: user.handle, avatar: user.avatar, profileId: user.profileId } : null,
    telegramId: user.telegramId,
    web3authAddress: user.web3authAddress,
    abstractAddress: user.smartAccountAddress ? { osp_aa: { address: user.smartAccountAddress } } : {},
    addressAll: addresses.map((row) => ({
      platform: row.platform,
      walletType: row.walletType,
      address: row.address,
      bindTime: row.bindTime.getTime(),
    })),
    connectAddress,
    linkedWallets,
    created: user.createdAt.getTime(),
  };
}
