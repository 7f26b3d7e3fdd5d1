import { type Database, queryRows, type Transaction } from '@ojo/db/client';
import {
  sponsoredOperationCosts,
  sponsoredOperationScans,
  sponsoredOperations,
} from '@ojo/db/schema/sponsored-operations';
import { users } from '@ojo/db/schema/users';
import { and, eq, sql } from '@ojo/db/sql';
import type { Address, Hex } from 'viem';
import { checkActorShares } from './actor-shares';
import type { GasConfig } from './config';
import { gasError } from './errors';
import { type RecordedKey, recordedSessionKeys } from './session-keys';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Serialises the global budget check and the row it allows (any 64-bit key unique to this lock). */
const BUDGET_LOCK_KEY = 0x6f6a6f676173n;

export interface Reservation {
  userId: string;
  sender: Address;
  nonce: bigint;
  rule: string;
  /** All gas limits at maxFeePerGas: the most the paymaster can pay for this signed version. */
  maxCostWei: bigint;
  /** What the budgets count while it is pending (at most maxCostWei). */
  reservedWei: bigint;
  /** request.ip, or null when unknown. */
  clientAddress: string | null;
  /** The session key the operation adds, if any. */
  sessionKey: Address | null;
  validUntil: Date;
  userOpHash: Hex;
  /** Which paymaster's chain scan tells expired reservations apart. */
  chainId: number;
  paymaster: Address;
}

type Limits = Pick<
  GasConfig,
  'dailySponsoredOps' | 'dailyBudgetWei' | 'maxPendingPerUser' | 'maxAccountShareBps' | 'maxClientShareBps'
>;

/** Decides, under the user's lock, whether the account may add its key given the keys already recorded. */
export type SessionKeyCheck = (recorded: readonly RecordedKey[]) => Promise<void>;

/**
 * The chain's clock as last scanned for this paymaster: a reservation whose signature expired before it can no
 * longer run. Without a scan, every reservation of the last day still counts.
 */
async function scannedChainTime(tx: Transaction, chainId: number, paymaster: Address): Promise<Date> {
  const [scan] = await tx
    .select({ blockTime: sponsoredOperationScans.blockTime })
    .from(sponsoredOperationScans)
    .where(
      and(
        eq(sponsoredOperationScans.chainId, chainId),
        eq(sponsoredOperationScans.paymaster, paymaster.toLowerCase()),
      ),
    );
  return scan?.blockTime ?? new Date(0);
}

/** SQL for "this reservation may still cost": no cost recorded for it, its signature not expired on chain. */
const isPending = (chainTime: Date, since: Date) => sql`
  ${sponsoredOperations.createdAt} > ${since.toISOString()}
  and ${sponsoredOperations.validUntil} > ${chainTime.toISOString()}
  and not exists (
    select 1 from ${sponsoredOperationCosts}
    where ${sponsoredOperationCosts.sender} = ${sponsoredOperations.sender}
      and ${sponsoredOperationCosts.nonce} = ${sponsoredOperations.nonce}
  )`;

const isSpent = sql`exists (
    select 1 from ${sponsoredOperationCosts}
    where ${sponsoredOperationCosts.sender} = ${sponsoredOperations.sender}
      and ${sponsoredOperationCosts.nonce} = ${sponsoredOperations.nonce}
  )`;

/** The user's sponsored operations of the last day that ran or may still run, and those still pending. */
async function userUsage(tx: Transaction, userId: string, chainTime: Date, since: Date) {
  const [usage] = await tx
    .select({
      used: sql<number>`count(*) filter (where ${isSpent} or (${isPending(chainTime, since)}))`.mapWith(
        Number,
      ),
      pending: sql<number>`count(*) filter (where ${isPending(chainTime, since)})`.mapWith(Number),
    })
    .from(sponsoredOperations)
    .where(
      and(
        eq(sponsoredOperations.userId, userId),
        sql`${sponsoredOperations.createdAt} > ${since.toISOString()}`,
      ),
    );
  return { used: usage?.used ?? 0, pending: usage?.pending ?? 0 };
}

/** What the paymaster really paid in the last day plus what pending signatures reserve, in wei. */
async function budgetInUse(tx: Transaction, chainTime: Date, since: Date): Promise<bigint> {
  const [row] = await queryRows<{ spent: string; reserved: string }>(
    tx,
    sql`select
      (select coalesce(sum(${sponsoredOperationCosts.actualGasCostWei}), 0)::text from ${sponsoredOperationCosts}
        where ${sponsoredOperationCosts.blockTime} > ${since.toISOString()}) as spent,
      (select coalesce(sum(${sponsoredOperations.reservedWei}), 0)::text from ${sponsoredOperations}
        where ${isPending(chainTime, since)}) as reserved`,
  );
  return BigInt(row?.spent ?? '0') + BigInt(row?.reserved ?? '0');
}

/** Refuses a new reservation past the user's daily allowance or pending limit. */
async function checkUserLimits(
  tx: Transaction,
  userId: string,
  chainTime: Date,
  since: Date,
  limits: Limits,
): Promise<void> {
  const usage = await userUsage(tx, userId, chainTime, since);
  if (usage.used >= limits.dailySponsoredOps) {
    throw gasError('dailyLimit', 'The daily sponsored operations are used up');
  }
  if (usage.pending >= limits.maxPendingPerUser) {
    throw gasError(
      'tooManyPending',
      `At most ${limits.maxPendingPerUser} sponsored operations may wait to be sent at once`,
    );
  }
}

/**
 * Writes the reservation: a new row, or the known row of (sender, nonce), kept at its dearest version and latest
 * expiry while pending, or started afresh once it had expired.
 */
async function writeReservation(
  tx: Transaction,
  reservation: Reservation,
  known: { id: string; isPending: boolean } | undefined,
): Promise<void> {
  // The latest signed version's: its hash, who asked for it (whose share it counts in), the key it adds.
  const latest = {
    userOpHash: reservation.userOpHash,
    clientAddress: reservation.clientAddress,
    sessionKey: reservation.sessionKey?.toLowerCase() ?? null,
  };
  if (!known) {
    await tx.insert(sponsoredOperations).values({
      userId: reservation.userId,
      sender: reservation.sender.toLowerCase(),
      nonce: reservation.nonce.toString(),
      rule: reservation.rule,
      maxCostWei: reservation.maxCostWei,
      reservedWei: reservation.reservedWei,
      validUntil: reservation.validUntil,
      ...latest,
    });
    return;
  }
  await tx
    .update(sponsoredOperations)
    .set(
      known.isPending
        ? {
            maxCostWei: sql`greatest(${sponsoredOperations.maxCostWei}, ${reservation.maxCostWei.toString()}::numeric)`,
            reservedWei: sql`greatest(${sponsoredOperations.reservedWei}, ${reservation.reservedWei.toString()}::numeric)`,
            validUntil: sql`greatest(${sponsoredOperations.validUntil}, ${reservation.validUntil.toISOString()}::timestamptz)`,
            ...latest,
            // An earlier signed version may still run and add its key: it stays on record.
            sessionKey: sql`coalesce(${latest.sessionKey}, ${sponsoredOperations.sessionKey})`,
          }
        : {
            maxCostWei: reservation.maxCostWei,
            reservedWei: reservation.reservedWei,
            validUntil: reservation.validUntil,
            ...latest,
            createdAt: new Date(),
          },
    )
    .where(eq(sponsoredOperations.id, known.id));
}

/**
 * Reserves the paymaster's deposit for one signed operation, or refuses with a 4xx: the user's daily
 * allowance, their pending signatures, the session key rule (`checkKeys`, given the account's other sponsored
 * keys), the account's and the client address's shares of the budget, and the global daily budget (real costs
 * plus pending reservations) as the last line. Signing (sender, nonce) again keeps one reservation, at the dearest
 * version and the latest expiry. Safe on several API nodes: the user row and a global advisory lock serialise it.
 */
export async function reserveSponsorship(
  db: Database,
  reservation: Reservation,
  limits: Limits,
  checkKeys?: SessionKeyCheck,
): Promise<void> {
  const sender = reservation.sender.toLowerCase();
  const nonce = reservation.nonce.toString();
  const since = new Date(Date.now() - DAY_MS);
  await db.transaction(async (tx) => {
    // One user's requests queue here, so two at once cannot both take the last allowance.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, reservation.userId)).for('update');
    const chainTime = await scannedChainTime(tx, reservation.chainId, reservation.paymaster);
    const [known] = await tx
      .select({
        id: sponsoredOperations.id,
        reservedWei: sponsoredOperations.reservedWei,
        sessionKey: sponsoredOperations.sessionKey,
        isPending: sql<boolean>`${isPending(chainTime, since)}`,
      })
      .from(sponsoredOperations)
      .where(and(eq(sponsoredOperations.sender, sender), eq(sponsoredOperations.nonce, nonce)))
      .limit(1);

    if (!known?.isPending) await checkUserLimits(tx, reservation.userId, chainTime, since, limits);
    if (checkKeys) await checkKeys(await recordedSessionKeys(tx, sender, nonce, isPending(chainTime, since)));
    const addedKey = reservation.sessionKey?.toLowerCase();
    if (known?.isPending && known.sessionKey && addedKey && known.sessionKey !== addedKey) {
      // Both signed versions of this nonce could run: one of them would add a second key.
      throw gasError(
        'sessionKeyActive',
        `A signed operation adding the session key ${known.sessionKey} is pending`,
      );
    }

    // A pending reservation already holds its cost; anything else takes all of it from the budget.
    const held =
      known?.isPending && known.reservedWei > reservation.reservedWei
        ? known.reservedWei
        : reservation.reservedWei;
    const extraCost = known?.isPending ? held - known.reservedWei : held;
    // Every user's requests queue here, so two at once cannot both take the last of a share or the budget.
    await queryRows(tx, sql`select pg_advisory_xact_lock(${BUDGET_LOCK_KEY})`);
    // The global budget first: when it is used up, that is what the player is told.
    if (extraCost > 0n && (await budgetInUse(tx, chainTime, since)) + extraCost > limits.dailyBudgetWei) {
      throw gasError('dailyBudget', 'The daily sponsorship budget is used up');
    }
    await checkActorShares(
      tx,
      { sender, clientAddress: reservation.clientAddress, heldWei: held, knownId: known?.id },
      limits,
      isPending(chainTime, since),
      since,
    );

    await writeReservation(tx, reservation, known);
  });
}
