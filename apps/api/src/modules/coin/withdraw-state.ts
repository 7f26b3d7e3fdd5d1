import type { WithdrawItem } from '@ojo/api-contract/coin';
import type { Database, Transaction } from '@ojo/db/client';
import { queryRows } from '@ojo/db/client';
import { type CoinWithdraw, coinWithdraws } from '@ojo/db/schema/coin';
import { gameBets, gameRounds } from '@ojo/db/schema/game';
import { ledgerBalances } from '@ojo/db/schema/ledger-balances';
import { type SQL, sql } from '@ojo/db/sql';
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
