import type { WithdrawItem } from '@ojo/api-contract/coin';
import type { Database, Transaction } from '@ojo/db/client';
import { queryRows } from '@ojo/db/client';
import { type CoinWithdraw, coinWithdraws } from '@ojo/db/schema/coin';
import { ledgerBalances } from '@ojo/db/schema/ledger-balances';
import { sql } from '@ojo/db/sql';
import type { WithdrawState } from '@ojo/domain/coin/withdraw-limits';
import { BALANCE_ASSET } from '@ojo/domain/constants';
import { fromBaseUnits } from '@ojo/domain/format/decimal';
import { realBetsOf } from '../game/real-bets';

/** Redemptions that count toward the day's count and amount: all but FAILED (a cancel does not buy another try). */
const COUNTED = sql.raw(`('PENDING', 'FINISHED', 'CANCELLED')`);

/** Start of the UTC day of `nowMs`: the daily limits count from here. */
export function utcDayStart(nowMs: number): Date {
  const day = new Date(nowMs);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
}

/**
 * What the limits look at, read in the caller's transaction: the OJO balance, today's redemptions (PENDING,
 * FINISHED and CANCELLED), and the total bet: the OJO of the player's real bets (the game's `realBetsOf`: bets
 * standing in rounds whose betting closed and that were not voided).
 */
export async function readWithdrawState(
  db: Database | Transaction,
  userId: string,
  nowMs: number,
): Promise<WithdrawState> {
  const [row] = await queryRows<{ balance: string; amount: string; count: number }>(
    db,
    sql`select
      coalesce((select ${ledgerBalances.balance} from ${ledgerBalances}
        where ${ledgerBalances.userId} = ${userId} and ${ledgerBalances.asset} = 'OJO'), 0)::text as balance,
      coalesce((select sum(${coinWithdraws.amount}) from ${coinWithdraws}
        where ${coinWithdraws.userId} = ${userId} and ${coinWithdraws.status} in ${COUNTED}
          and ${coinWithdraws.createdAt} >= ${utcDayStart(nowMs).toISOString()}::timestamptz), 0)::text as amount,
      (select count(*) from ${coinWithdraws}
        where ${coinWithdraws.userId} = ${userId} and ${coinWithdraws.status} in ${COUNTED}
          and ${coinWithdraws.createdAt} >= ${utcDayStart(nowMs).toISOString()}::timestamptz)::int as count`,
  );
  const bets = await realBetsOf(db, userId);
  return {
    balance: BigInt(row?.balance ?? '0'),
    redeemedToday: BigInt(row?.amount ?? '0'),
    redeemsToday: Number(row?.count ?? 0),
    totalBet: bets.ojo,
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
