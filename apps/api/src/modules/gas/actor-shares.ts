import { queryRows, type Transaction } from '@ojo/db/client';
import { sponsoredOperationCosts, sponsoredOperations } from '@ojo/db/schema/sponsored-operations';
import { type SQL, sql } from '@ojo/db/sql';
import type { GasConfig } from './config';
import { gasError } from './errors';

export interface ActorRequest {
  /** The sending smart account, lower-case. */
  sender: string;
  /** request.ip, or null when unknown (then only the account's share applies). */
  clientAddress: string | null;
  /** The reservation the new signature holds (for a re-signed pending row: its dearest version). */
  heldWei: bigint;
  /** The row of (sender, nonce) when it already exists: not counted twice. */
  knownId: string | undefined;
}

type Shares = Pick<GasConfig, 'dailyBudgetWei' | 'maxAccountShareBps' | 'maxClientShareBps'>;

const shareOf = (budget: bigint, bps: number) => (budget * BigInt(bps)) / 10_000n;

/**
 * One actor's use of the last day: what the paymaster really paid for the matching operations (by block time)
 * plus what their pending signatures reserve, leaving out the row being re-signed.
 */
async function actorUsage(
  tx: Transaction,
  spentWhere: SQL,
  reservedWhere: SQL,
  isPending: SQL,
  knownId: string | undefined,
  since: Date,
): Promise<bigint> {
  const other = knownId ? sql`and ${sponsoredOperations.id} <> ${knownId}` : sql``;
  const [row] = await queryRows<{ spent: string; reserved: string }>(
    tx,
    sql`select
      (select coalesce(sum(${sponsoredOperationCosts.actualGasCostWei}), 0)::text ${spentWhere}
        and ${sponsoredOperationCosts.blockTime} > ${since.toISOString()}) as spent,
      (select coalesce(sum(${sponsoredOperations.reservedWei}), 0)::text from ${sponsoredOperations}
        where ${reservedWhere} and ${isPending} ${other}) as reserved`,
  );
  return BigInt(row?.spent ?? '0') + BigInt(row?.reserved ?? '0');
}

/**
 * No single actor holds more than its share of the daily budget, so throwaway accounts behind one address, or
 * one account, cannot use it up or lock it for everybody: the account (its real costs and pending reservations)
 * within GAS_MAX_ACCOUNT_SHARE_BPS, every account asking from the same client address within
 * GAS_MAX_CLIENT_SHARE_BPS. Called under the budget lock, so concurrent requests see each other's rows.
 */
export async function checkActorShares(
  tx: Transaction,
  request: ActorRequest,
  shares: Shares,
  isPending: SQL,
  since: Date,
): Promise<void> {
  const accountCap = shareOf(shares.dailyBudgetWei, shares.maxAccountShareBps);
  const accountUsed = await actorUsage(
    tx,
    sql`from ${sponsoredOperationCosts} where ${sponsoredOperationCosts.sender} = ${request.sender}`,
    sql`${sponsoredOperations.sender} = ${request.sender}`,
    isPending,
    request.knownId,
    since,
  );
  if (accountUsed + request.heldWei > accountCap) {
    throw gasError('accountBudget', "The account's share of the daily sponsorship budget is used up");
  }
  if (request.clientAddress === null) return;
  const clientCap = shareOf(shares.dailyBudgetWei, shares.maxClientShareBps);
  const clientUsed = await actorUsage(
    tx,
    sql`from ${sponsoredOperationCosts} join ${sponsoredOperations}
          on ${sponsoredOperations.sender} = ${sponsoredOperationCosts.sender}
         and ${sponsoredOperations.nonce} = ${sponsoredOperationCosts.nonce}
        where ${sponsoredOperations.clientAddress} = ${request.clientAddress}`,
    sql`${sponsoredOperations.clientAddress} = ${request.clientAddress}`,
    isPending,
    request.knownId,
    since,
  );
  if (clientUsed + request.heldWei > clientCap) {
    throw gasError('clientBudget', "This network's share of the daily sponsorship budget is used up");
  }
}
