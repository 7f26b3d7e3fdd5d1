import type { UserInfo } from '@ojo/api-contract/user';
import type { Database } from '@ojo/db/client';
import { preparedQuery } from '@ojo/db/prepared';
import { type UserAddress, userAddresses } from '@ojo/db/schema/user-addresses';
import type { User } from '@ojo/db/schema/users';
import { asc, eq, sql } from '@ojo/db/sql';

/** Every address of a user in binding order; `GET /customer` is a hot read (prepared once). */
const selectAddressesOfUser = preparedQuery('addresses_of_user', (db, name) =>
  db
    .select()
    .from(userAddresses)
    .where(eq(userAddresses.userId, sql.placeholder('userId')))
    .orderBy(asc(userAddresses.bindTime), asc(userAddresses.id))
    .prepare(name),
);

/** User info of spec point 3 for one user: profile, smart account and every bound address. */
export async function getUserInfo(db: Database, user: User): Promise<UserInfo> {
  return toUserInfo(user, await selectAddressesOfUser(db, { userId: user.id }));
}

export function toUserInfo(user: User, addresses: UserAddress[]): UserInfo {
  const connectAddress: UserInfo['connectAddress'] = {};
  for (const row of addresses) {
    // The first linked wallet per chain type is the one shown (linking is locked once set, spec point 2).
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
    created: user.createdAt.getTime(),
  };
}
