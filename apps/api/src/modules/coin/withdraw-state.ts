import type { WithdrawItem } from '@ojo/api-contract/coin';
import type { Database, Transaction } from '@ojo/db/client';
import { queryRows } from '@ojo/db/client';
import {
  type AcceptSession,
  type OpenSessionValues,
  openSessionCondition,
  sessionUserColumns,
  sessionUserJoin,
} from '@ojo/db/open-session';
import { preparedRead } from '@ojo/db/prepared';
import { type CoinWithdraw, coinCostBasis, coinLowestPaid, coinWithdraws } from '@ojo/db/schema/coin';
import { gameBets, gameRounds } from '@ojo/db/schema/game';
import { ledgerBalances } from '@ojo/db/schema/ledger-balances';
import { sessions } from '@ojo/db/schema/sessions';
import { users } from '@ojo/db/schema/users';
import { type SQL, sql } from '@ojo/db/sql';
import type { CostBasis, Rate } from '@ojo/domain/coin/redeem-payout';
import type { WithdrawState } from '@ojo/domain/coin/withdraw-limits';
import { BALANCE_ASSET } from '@ojo/domain/constants';
import { fromBaseUnits } from '@ojo/domain/format/decimal';

/** Redemptions that count toward the day's count and amount: all but FAILED (a cancel does not buy another try). */
const COUNTED = sql.raw(`('PENDING', 'FINISHED', 'CANCELLED')`);

/**
 * The total bet: OJO staked in bets still standing whose round's betting has closed (a bet withdrawn during betting,
 * or in a round still taking bets, is no real bet). `player` is the user id expression.
 */
const totalBetOf = (player: SQL) => sql`coalesce((select sum(${gameBets.amount})
  from ${gameBets} join ${gameRounds} on ${gameRounds.id} = ${gameBets.roundId}
  where ${gameBets.userId} = ${player} and ${gameBets.currency} = 'OJO' and ${gameBets.status} = 'active'
    and ${gameRounds.phase} not in ('upcoming', 'betting')), 0)`;

/** Start of the UTC day of `nowMs`: the daily limits count from here. */
export function utcDayStart(nowMs: number): Date {
  const day = new Date(nowMs);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
}

/**
 * What the limits look at, read in the caller's transaction: the OJO balance, today's redemptions (PENDING,
 * FINISHED and CANCELLED), and the total bet (`totalBetOf`).
 */
export async function readWithdrawState(
  db: Database | Transaction,
  userId: string,
  nowMs: number,
): Promise<WithdrawState> {
  // One statement: the balance row, today's redemptions and the total bet (the limits read them together).
  const [row] = await queryRows<{ balance: string; amount: string; count: number; bets: string }>(
    db,
    sql`select
      coalesce((select ${ledgerBalances.balance} from ${ledgerBalances}
        where ${ledgerBalances.userId} = ${userId} and ${ledgerBalances.asset} = 'OJO'), 0)::text as balance,
      coalesce((select sum(${coinWithdraws.amount}) from ${coinWithdraws}
        where ${coinWithdraws.userId} = ${userId} and ${coinWithdraws.status} in ${COUNTED}
          and ${coinWithdraws.createdAt} >= ${utcDayStart(nowMs).toISOString()}::timestamptz), 0)::text as amount,
      (select count(*) from ${coinWithdraws}
        where ${coinWithdraws.userId} = ${userId} and ${coinWithdraws.status} in ${COUNTED}
          and ${coinWithdraws.createdAt} >= ${utcDayStart(nowMs).toISOString()}::timestamptz)::int as count,
      ${totalBetOf(sql`${userId}::uuid`)}::text as bets`,
  );
  const balance = BigInt(row?.balance ?? '0');
  const today = { amount: row?.amount ?? '0', count: Number(row?.count ?? 0) };
  const bets = { total: row?.bets ?? '0' };
  return {
    balance,
    redeemedToday: BigInt(today?.amount ?? '0'),
    redeemsToday: Number(today?.count ?? 0),
    totalBet: BigInt(bets?.total ?? '0'),
  };
}

/**
 * `readWithdrawState` of the caller with the session check in the same statement (GET /coin/withdraw/info is a hot
 * read): the caller's open session and user, and the same four figures for the session's user since the placeholder
 * `dayStart`. No row when the session is not open.
 */
const selectSessionWithdrawState = preparedRead('session_withdraw_state', (db, name) => {
  const since = sql`${sql.placeholder('dayStart')}::timestamptz`;
  return db
    .select({
      ...sessionUserColumns,
      balance: sql<string>`coalesce((select ${ledgerBalances.balance} from ${ledgerBalances}
        where ${ledgerBalances.userId} = ${sessions.userId} and ${ledgerBalances.asset} = 'OJO'), 0)::text`,
      amount: sql<string>`coalesce((select sum(${coinWithdraws.amount}) from ${coinWithdraws}
        where ${coinWithdraws.userId} = ${sessions.userId} and ${coinWithdraws.status} in ${COUNTED}
          and ${coinWithdraws.createdAt} >= ${since}), 0)::text`,
      count: sql<number>`(select count(*) from ${coinWithdraws}
        where ${coinWithdraws.userId} = ${sessions.userId} and ${coinWithdraws.status} in ${COUNTED}
          and ${coinWithdraws.createdAt} >= ${since})::int`,
      bets: sql<string>`${totalBetOf(sql`${sessions.userId}`)}::text`,
      basisQty: sql<string>`coalesce((select ${coinCostBasis.qty} from ${coinCostBasis}
        where ${coinCostBasis.userId} = ${sessions.userId}), 0)::text`,
      basisWei: sql<string>`coalesce((select ${coinCostBasis.wei} from ${coinCostBasis}
        where ${coinCostBasis.userId} = ${sessions.userId}), 0)::text`,
      lowestQty: sql<string | null>`(select ${coinLowestPaid.qty}::text from ${coinLowestPaid})`,
      lowestWei: sql<string | null>`(select ${coinLowestPaid.wei}::text from ${coinLowestPaid})`,
    })
    .from(sessions)
    .innerJoin(users, sessionUserJoin)
    .where(openSessionCondition())
    .prepare(name);
});

/**
 * The caller's `readWithdrawState` at the session's now, with their cost basis and the cheapest rate ever paid (what
 * a redemption would pay), in one statement with the session check: `accept` takes the session row (and refuses an
 * ended session) first.
 */
export async function readSessionWithdrawState(
  db: Database,
  session: OpenSessionValues,
  accept: AcceptSession,
): Promise<WithdrawState & { basis: CostBasis; lowestPaid: Rate | null }> {
  const [row] = await selectSessionWithdrawState(db, {
    ...session,
    dayStart: utcDayStart(session.now.getTime()).toISOString(),
  });
  accept(row);
  return {
    balance: BigInt(row?.balance ?? '0'),
    redeemedToday: BigInt(row?.amount ?? '0'),
    redeemsToday: Number(row?.count ?? 0),
    totalBet: BigInt(row?.bets ?? '0'),
    basis: { qty: BigInt(row?.basisQty ?? '0'), wei: BigInt(row?.basisWei ?? '0') },
    lowestPaid:
      row?.lowestQty && row.lowestWei ? { qty: BigInt(row.lowestQty), wei: BigInt(row.lowestWei) } : null,
  };
}

export function toWithdrawItem(row: CoinWithdraw): WithdrawItem {
  return {
    id: row.id.toString(),
    amount: row.amount.toString(),
    ethAmount: fromBaseUnits(row.payoutWei, BALANCE_ASSET.decimals),
    status: row.status,
    txHash: row.txHash as `0x${string}` | null,
    created: row.createdAt.getTime(),
    cancellable: row.status === 'PENDING' && row.payoutStartedAt === null,
  };
}
