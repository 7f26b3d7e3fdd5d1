import type { WithdrawInfoDto } from '@ojo/api-contract/coin';
import type { Database } from '@ojo/db/client';
import type { AcceptSession, OpenSessionValues } from '@ojo/db/open-session';
import type { AppConfig } from '../../config/env';
import type { PriceSource } from '../prices/price-source';
import { readFreeOjoLock } from '../rewards/free-ojo-lock';
import { ojoPerEth } from './coin-price';
import { coinErrors } from './errors';
import { readSessionWithdrawState } from './withdraw-state';

/**
 * GET /coin/withdraw/info: spec 3 Withdraw info from the configured limits and today's redemptions of the caller,
 * and the figures the redeem screen prices a typed amount with (the spread, the caller's cost basis, the cheapest
 * rate ever paid), read with the session check in one statement (`accept` takes the session row first), and the
 * caller's free OJO lock.
 */
export async function getWithdrawInfo(
  db: Database,
  config: AppConfig,
  prices: PriceSource,
  session: OpenSessionValues,
  accept: AcceptSession,
): Promise<WithdrawInfoDto> {
  const state = await readSessionWithdrawState(db, session, accept);
  const price = ojoPerEth(prices, session.now.getTime());
  if (!price) throw coinErrors.priceUnavailable();
  const rules = config.coin.withdraw;
  const lock = await readFreeOjoLock(db, config.freeRewards, session.userId, session.now.getTime());
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
      costBasis: { qty: state.basis.qty.toString(), wei: state.basis.wei.toString() },
      lowestPaid: state.lowestPaid
        ? { qty: state.lowestPaid.qty.toString(), wei: state.lowestPaid.wei.toString() }
        : null,
    },
    freeOjoLock: {
      locked: lock.locked.toString(),
      hasProfile: lock.hasProfile,
      accountDays: { require: String(lock.requiredDays), achieved: String(lock.accountDays) },
      bet: { require: lock.requiredBet.toString(), achieved: lock.bet.toString() },
    },
  };
}
