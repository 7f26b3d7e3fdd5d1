import type { WithdrawItem } from '@ojo/api-contract/coin';
import type { Database } from '@ojo/db/client';
import { enqueueJob } from '@ojo/db/jobs';
import { debit, lockBalance } from '@ojo/db/ledger';
import { coinWithdraws } from '@ojo/db/schema/coin';
import type { User } from '@ojo/db/schema/users';
import { bidRate, redeemPayout } from '@ojo/domain/coin/redeem-payout';
import {
  checkWithdraw,
  type WithdrawRefusal,
  type WithdrawRules,
  type WithdrawState,
  withdrawMaximum,
} from '@ojo/domain/coin/withdraw-limits';
import type { AppConfig } from '../../config/env';
import type { PriceSource } from '../prices/price-source';
import { refuseLockedFreeOjo } from '../rewards/free-ojo-lock';
import { currentOjoPerEth } from './coin-price';
import { lockCostBasis, readLowestPaid, takeBasis } from './cost-basis';
import { coinErrors } from './errors';
import { WITHDRAW_PAYOUT_JOB } from './withdraw-payout.job';
import { readWithdrawState, toWithdrawItem } from './withdraw-state';

/**
 * POST /coin/withdraws: in one transaction, under the player's OJO balance lock (the lock every move of that
 * balance takes, bets included), reads today's redemptions and the balance, checks every limit, prices the
 * redemption (bought OJO at the bid capped at its cost, won OJO at the lower of the bid and the cheapest rate ever
 * paid), records it with the cost basis it takes, takes the OJO (ledger key `coin:withdraw:<id>`) and enqueues its
 * payout. Concurrent requests therefore see each other's redemptions: together they never pass the daily amount,
 * the daily count or the balance. The payout is fixed here, at this moment's price.
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
  // The route takes digits only; any length is read, so an amount past the maximum says so.
  const amount = /^\d+$/.test(text) ? BigInt(text) : 0n;
  const price = currentOjoPerEth(prices, nowMs);
  const bid = bidRate(price.units, price.scale, rules.spreadBps);
  const row = await db.transaction(async (tx) => {
    await lockBalance(tx, user.id, 'OJO');
    const state = await readWithdrawState(tx, user.id, nowMs);
    throwRefusal(checkWithdraw(amount, rules, state), rules, state);
    await refuseLockedFreeOjo(tx, config.freeRewards, {
      userId: user.id,
      amount,
      redeemable: state.balance - rules.fixedLeft,
      nowMs,
    });
    const basis = await lockCostBasis(tx, user.id);
    const payout = redeemPayout({ amount, basis, bid, lowestPaid: await readLowestPaid(tx) });
    if (payout.payoutWei <= 0n) throw coinErrors.withdrawTooSmall();
    const [inserted] = await tx
      .insert(coinWithdraws)
      .values({
        userId: user.id,
        amount,
        payoutWei: payout.payoutWei,
        basisQty: payout.covered,
        basisWei: payout.capWei,
        price: price.price,
        toAddress: (user.smartAccountAddress as string).toLowerCase(),
        createdAt: new Date(nowMs),
        updatedAt: new Date(nowMs),
      })
      .returning();
    if (!inserted) throw new Error('withdraw not inserted');
    await takeBasis(tx, user.id, payout.covered, payout.capWei);
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

/** Each refusal as its spec text (product.md 5 Redeem system and input errors). */
function throwRefusal(refusal: WithdrawRefusal | null, rules: WithdrawRules, state: WithdrawState): void {
  if (refusal === 'DAILY_COUNT' || refusal === 'DAILY_AMOUNT') throw coinErrors.withdrawDailyReached();
  if (refusal === 'TRADE_LIMIT') throw coinErrors.withdrawTradeLimit(rules.tradeLimit);
  if (refusal === 'BALANCE') throw coinErrors.withdrawBalance();
  if (refusal === 'BELOW_MIN') throw coinErrors.withdrawBelowMin(rules.minAmount + rules.trial);
  if (refusal === 'ABOVE_MAX') throw coinErrors.withdrawAboveMax(withdrawMaximum(rules, state));
}
