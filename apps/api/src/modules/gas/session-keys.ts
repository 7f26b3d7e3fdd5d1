import { smartAccountAbi } from '@ojo/contracts/generated/abis';
import type { Transaction } from '@ojo/db/client';
import { sponsoredOperations } from '@ojo/db/schema/sponsored-operations';
import { and, eq, isNotNull, ne, type SQL, sql } from '@ojo/db/sql';
import { SESSION_KEY_STATUS } from '@ojo/domain/enums';
import { type Address, getAddress, isAddressEqual, type PublicClient } from 'viem';
import { gasError } from './errors';
import type { SponsoredCalls } from './policy';

/**
 * A sponsored key lives at most 24 h (plus clock slack) from the signature that added it, and a signature at most
 * an hour: older rows cannot hold a live key.
 */
const KEY_LOOKBACK_MS = 26 * 60 * 60 * 1000;

/** A session key the API agreed to add to the account, and whether that signature may still run. */
export interface RecordedKey {
  key: Address;
  isPending: boolean;
}

/** The keys the account's other sponsored operations (not this nonce) add, newest first. */
export async function recordedSessionKeys(
  tx: Transaction,
  sender: string,
  nonce: string,
  isPending: SQL,
): Promise<RecordedKey[]> {
  const rows = await tx
    .select({ key: sponsoredOperations.sessionKey, isPending: sql<boolean>`${isPending}` })
    .from(sponsoredOperations)
    .where(
      and(
        eq(sponsoredOperations.sender, sender),
        ne(sponsoredOperations.nonce, nonce),
        isNotNull(sponsoredOperations.sessionKey),
        sql`${sponsoredOperations.createdAt} > ${new Date(Date.now() - KEY_LOOKBACK_MS).toISOString()}`,
      ),
    );
  return rows.flatMap((row) => (row.key ? [{ key: getAddress(row.key), isPending: row.isPending }] : []));
}

/** The key's status on the account (SmartAccount.sessionKeyStatus); NotInitialized where there is no account. */
async function statusOf(client: PublicClient, account: Address, key: Address): Promise<number> {
  const code = await client.getCode({ address: account });
  if (!code || code === '0x') return SESSION_KEY_STATUS.NotInitialized;
  return client.readContract({
    address: account,
    abi: smartAccountAbi,
    functionName: 'sessionKeyStatus',
    args: [key],
  });
}

/** A sponsored revokeSessionKey only of a key that is Active on the account (read on chain). */
export async function checkRevokedKey(client: PublicClient, account: Address, key: Address): Promise<void> {
  if ((await statusOf(client, account, key)) !== SESSION_KEY_STATUS.Active) {
    throw gasError('sessionKeyNotActive', `The session key ${key} is not active on this account`);
  }
}

/**
 * One live key per account: a key is added only when none of the keys the API sponsored for the account is Active
 * on chain (the one the operation revokes aside) or still waiting to run (its signature unexpired).
 */
export async function checkNoLiveKey(
  client: PublicClient,
  account: Address,
  calls: SponsoredCalls,
  recorded: readonly RecordedKey[],
): Promise<void> {
  const seen = new Set<string>();
  for (const { key, isPending } of recorded) {
    if (seen.has(key) || (calls.revokedKey && isAddressEqual(key, calls.revokedKey))) continue;
    seen.add(key);
    const isLive = isPending || (await statusOf(client, account, key)) === SESSION_KEY_STATUS.Active;
    if (isLive) {
      throw gasError(
        'sessionKeyActive',
        `The account already has the session key ${key}; revoke it in the same operation to replace it`,
      );
    }
  }
}
