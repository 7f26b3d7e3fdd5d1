import type { WithdrawItem } from '@ojo/api-contract/coin';
import type { Database } from '@ojo/db/client';
import { enqueueJob } from '@ojo/db/jobs';
import { debit, lockBalance } from '@ojo/db/ledger';
import { coinWithdraws } from '@ojo/db/schema/coin';
import type { User } from '@ojo/db/schema/users';
import { checkWithdraw, redeemPayoutWei } from '@ojo/domain/coin/withdraw-limits';
import type { AppConfig } from '../../config/env';
import type { PriceSource } from '../prices/price-source';
import { refuseLockedFreeOjo } from '../rewards/free-ojo-lock';
import { currentOjoPerEth } from './coin-price';
import { coinErrors } from './errors';
import { WITHDRAW_PAYOUT_JOB } from './withdraw-payout.job';
import { readWithdrawState, toWithdrawItem } from './withdraw-state';

/**
 * POST /coin/withdraws: in one transaction, under the player's OJO balance lock (the lock every debit of that
 * balance takes), reads today's redemptions and the balance, checks every limit, records the redemption, takes the
 * OJO (ledger key `coin:withdraw:<id>`) and enqueues its payout. Concurrent requests therefore see each other's
 * redemptions: together they never pass the daily amount, the daily count or the balance.
 */
export async function createWithdraw(
  db: Database,
  config: AppConfig,
  prices: PriceSource,
  user: User,
  amountText: string | number,
  nowMs: number,
): Promise<WithdrawItem> {
  if (!user.smartAccountAddress) throw coinErrors.smartAccountRequired();
  const rules = config.coin.withdraw;
  const text = String(amountText);
  const amount = /^\d{1,30}$/.test(text) ? BigInt(text) : 0n;
  const price = currentOjoPerEth(prices, nowMs);
  const payoutWei = redeemPayoutWei(amount, price.units, price.scale);
  const row = await db.transaction(async (tx) => {
    await lockBalance(tx, user.id, 'OJO');
    const state = await readWithdrawState(tx, user.id, nowMs);
    const refusal = checkWithdraw(amount, rules, state);
    if (refusal === 'NOT_WHOLE' || refusal === 'BELOW_MIN')
      throw coinErrors.withdrawBelowMin(rules.minAmount + rules.trial);
    if (refusal === 'DAILY_COUNT' || refusal === 'DAILY_AMOUNT') throw coinErrors.withdrawDailyReached();
    if (refusal === 'TRADE_LIMIT') throw coinErrors.withdrawTradeLimit(rules.tradeLimit);
    if (refusal === 'BALANCE') throw coinErrors.withdrawBalance();
    await refuseLockedFreeOjo(tx, config.freeRewards, {
      userId: user.id,
      amount,
      redeemable: state.balance - rules.fixedLeft,
      nowMs,
    });
    if (payoutWei <= 0n) throw coinErrors.withdrawTooSmall();
    const [inserted] = await tx
      .insert(coinWithdraws)
      .values({
        userId: user.id,
        amount,
        payoutWei,
        price: price.price,
        toAddress: (user.smartAccountAddress as string).toLowerCase(),
        createdAt: new Date(nowMs),
        updatedAt: new Date(nowMs),
      })
      .returning();
    if (!inserted) throw new Error('withdraw not inserted');
    await debit(tx, {
      userId: user.id,
      asset: 'OJO',
      amount,
      reason: 'coin.withdraw',
      idempotencyKey: `coin:withdraw:${inserted.id}`,
    });
    await enqueueJob(tx, {
      kind: WITHDRAW_PAYOUT_JOB,
      key: `${WITHDRAW_PAYOUT_JOB}:${inserted.id}`,
      payload: { withdrawId: inserted.id.toString() },
      runAt: new Date(Date.now() + rules.payoutDelaySeconds * 1000),
    });
    return inserted;
  });
  return toWithdrawItem(row);
}
