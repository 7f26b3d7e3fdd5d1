import type { UserInfo } from '@ojo/api-contract/user';
import type { Database } from '@ojo/db/client';
import {
  type AcceptSession,
  type OpenSessionValues,
  openSessionCondition,
  sessionUserColumns,
  sessionUserJoin,
} from '@ojo/db/open-session';
import { preparedQuery } from '@ojo/db/prepared';
import { sessions } from '@ojo/db/schema/sessions';
import { type UserAddress, userAddresses } from '@ojo/db/schema/user-addresses';
import { type User, users } from '@ojo/db/schema/users';
import { asc, eq } from '@ojo/db/sql';

/**
 * `GET /customer` in one statement: the caller's open session and user (`openSessionCondition`) with every address
 * in binding order; no row when the session is not open, one row with a null address for a user with none.
 */
const selectSessionCustomer = preparedQuery('session_customer', (db, name) =>
  db
    .select({ ...sessionUserColumns, address: userAddresses })
    .from(sessions)
    .innerJoin(users, sessionUserJoin)
    .leftJoin(userAddresses, eq(userAddresses.userId, sessions.userId))
    .where(openSessionCondition())
    .orderBy(asc(userAddresses.bindTime), asc(userAddresses.id))
    .prepare(name),
);

/**
 * `GET /customer` of the caller in one statement: `accept` takes the session row (and refuses an ended session),
 * then the user info is built from the user and their addresses in binding order.
 */
export async function readSessionUserInfo(
  db: Database,
  session: OpenSessionValues,
  accept: AcceptSession,
): Promise<UserInfo> {
  const rows = await selectSessionCustomer(db, session);
  const [first] = rows;
  accept(first);
  return toUserInfo(
    first!.user,
    rows.flatMap((row) => (row.address ? [row.address] : [])),
  );
}

/** User info of spec point 3 for one user: profile, smart account and every bound address. */
export function toUserInfo(user: User, addresses: UserAddress[]): UserInfo {
  const connectAddress: UserInfo['connectAddress'] = {};
  const linkedWallets: UserInfo['linkedWallets'] = {};
  for (const row of addresses) {
    if (row.isConnected && row.linkKind) linkedWallets[row.linkKind] = { address: row.address };
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
    linkedWallets,
    created: user.createdAt.getTime(),
  };
}
