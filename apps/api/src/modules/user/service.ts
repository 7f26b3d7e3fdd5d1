import type { UserInfo } from '@ojo/api-contract/user';
import type { Database } from '@ojo/db/client';
import {
  type AcceptSession,
  type OpenSessionValues,
  openSessionCondition,
  sessionUserColumns,
  sessionUserJoin,
} from '@ojo/db/open-session';
import { preparedRead } from '@ojo/db/prepared';
import { sessions } from '@ojo/db/schema/sessions';
import { type UserAddress, userAddresses } from '@ojo/db/schema/user-addresses';
import { type User, users } from '@ojo/db/schema/users';
import { sql } from '@ojo/db/sql';

/** An address as the one-row read aggregates it (JSON: the bind time in epoch ms). */
interface AddressJson {
  platform: string;
  walletType: string;
  chainType: UserAddress['chainType'];
  address: string;
  isConnected: boolean;
  linkKind: UserAddress['linkKind'];
  bindMs: number;
}

/**
 * `GET /customer` in one statement and one row: the caller's open session and user (`openSessionCondition`) with
 * every address in binding order as one JSON array; no row when the session is not open. One row rather than one
 * per address with the user's columns repeated (`npm run bench:api`).
 */
const selectSessionCustomer = preparedRead('session_customer', (db, name) =>
  db
    .select({
      ...sessionUserColumns,
      addresses: sql<AddressJson[]>`(
        select coalesce(json_agg(json_build_object(
          'platform', ${userAddresses.platform}, 'walletType', ${userAddresses.walletType},
          'chainType', ${userAddresses.chainType}, 'address', ${userAddresses.address},
          'isConnected', ${userAddresses.isConnected}, 'linkKind', ${userAddresses.linkKind},
          'bindMs', floor(extract(epoch from ${userAddresses.bindTime}) * 1000)::bigint
        ) order by ${userAddresses.bindTime}, ${userAddresses.id}), '[]'::json)
        from ${userAddresses}
        where ${userAddresses.userId} = ${sessions.userId}
      )`,
    })
    .from(sessions)
    .innerJoin(users, sessionUserJoin)
    .where(openSessionCondition())
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
  const [row] = await selectSessionCustomer(db, session);
  accept(row);
  return toUserInfo(row!.user, row!.addresses);
}

/** What user info shows of an address: a row, or the one-row read's JSON (the bind time as epoch ms). */
type ShownAddress = Pick<
  UserAddress,
  'platform' | 'walletType' | 'chainType' | 'address' | 'isConnected' | 'linkKind'
> &
  ({ bindTime: Date } | { bindMs: number });

/** User info of spec point 3 for one user: profile, smart account and every bound address. */
export function toUserInfo(user: User, addresses: ShownAddress[]): UserInfo {
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
      bindTime: 'bindMs' in row ? row.bindMs : row.bindTime.getTime(),
    })),
    connectAddress,
    linkedWallets,
    created: user.createdAt.getTime(),
  };
}
