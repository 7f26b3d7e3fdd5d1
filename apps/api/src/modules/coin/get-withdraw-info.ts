import type { WithdrawInfoDto } from '@ojo/api-contract/coin';
import type { Database } from '@ojo/db/client';
import type { User } from '@ojo/db/schema/users';
import type { AppConfig } from '../../config/env';
import type { PriceSource } from '../prices/price-source';
import { readFreeOjoLock } from '../rewards/free-ojo-lock';
import { ojoPerEth } from './coin-price';
import { readCostBasis, readLowestPaid } from './cost-basis';
import { coinErrors } from './errors';
import { readWithdrawState } from './withdraw-state';

/**
 * GET /coin/withdraw/info: product.md 3 Withdraw info from the configured limits and today's redemptions of the caller,
 * and the figures the redeem screen prices a typed amount with (the spread, the caller's cost basis, the cheapest
 * rate ever paid), and the caller's free OJO lock.
 */
export async function getWithdrawInfo(
  db: Database,
  config: AppConfig,
  prices: PriceSource,
  user: User,
  nowMs: number,
): Promise<WithdrawInfoDto> {
  const price = ojoPerEth(prices, nowMs);
  if (!price) throw coinErrors.priceUnavailable();
  const [state, basis, lowestPaid, lock] = await Promise.all([
    readWithdrawState(db, user.id, nowMs),
    readCostBasis(db, user.id),
    readLowestPaid(db),
    readFreeOjoLock(db, config.freeRewards, user.id, nowMs),
  ]);
  const rules = config.coin.withdraw;
  return {
    conditions: {
      minAmountCheck: { require: rules.minAmount.toString() },
      dailyAmountCheck: { require: rules.dailyAmount.toString(), achieved: state.redeemedToday.toString() },
      dailyCountCheck: { require: String(rules.dailyCount), achieved: String(state.redeemsToday) },
      tradeLimit: { require: rules.tradeLimit.toString(), achieved: state.totalBet.toString() },
    },
    trial: rules.trial.toString(),
    fixedLeft: rules.fixedLeft.toString(),
    balance: (state.balance > 0n ? state.balance : 0n).toString(),
    price: price.price,
    redeem: {
      spreadBps: rules.spreadBps,
      costBasis: { qty: basis.qty.toString(), wei: basis.wei.toString() },
      lowestPaid: lowestPaid ? { qty: lowestPaid.qty.toString(), wei: lowestPaid.wei.toString() } : null,
    },
    freeOjoLock: {
      locked: lock.locked.toString(),
      hasProfile: lock.hasProfile,
      accountDays: { require: String(lock.requiredDays), achieved: String(lock.accountDays) },
      bet: { require: lock.requiredBet.toString(), achieved: lock.bet.toString() },
    },
  };
}
