import {
  cancelCoinOrderRoute,
  cancelWithdrawRoute,
  coinConfigsRoute,
  coinDiscountsRoute,
  coinHistoriesRoute,
  createCoinOrderRoute,
  createWithdrawRoute,
  withdrawInfoRoute,
  withdrawListRoute,
  withdrawsByIdsRoute,
} from '@ojo/api-contract/coin';
import { runSingletonLoop, type SingletonLoop } from '@ojo/db/singleton-loop';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config/env';
import { registerRoute } from '../../lib/route';
import { cancelOrder } from './cancel-order';
import { cancelWithdraw } from './cancel-withdraw';
import { createOrder } from './create-order';
import { createWithdraw } from './create-withdraw';
import { getCoinConfig, listDiscounts } from './get-coin-config';
import { getWithdrawInfo } from './get-withdraw-info';
import { listOrders } from './list-orders';
import { listWithdraws, withdrawsByIds } from './list-withdraws';
import { receiptAddress } from './receipt-address';
import type { SettleOptions } from './settle-payment';
import { watchPayments } from './watch-payments';

export const COIN_PAYMENTS_LEASE = 'coin-payments';

/** What settling a payment needs on this node (also used by POST /transaction/process/...). */
export function coinSettleOptions(app: FastifyInstance, config: AppConfig): SettleOptions {
  return {
    db: app.db,
    client: app.chain.publicClient,
    chainId: config.chain.chainId,
    receiptAddress: receiptAddress(config),
    confirmations: config.coin.confirmations,
    wake: () => app.jobs.wake(),
  };
}

/** The coin calls of product.md 7 (buying OJO with ETH, redeeming it) and the payment watcher (one node, under a lease). */
const coinRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  registerRoute(app, coinConfigsRoute, async () => getCoinConfig(config, app.prices, app.now()));
  registerRoute(app, coinDiscountsRoute, async () => listDiscounts(config, app.prices, app.now()));
  registerRoute(app, createCoinOrderRoute, async (request) =>
    createOrder(app.db, config, app.prices, request.user, request.body, app.now()),
  );
  registerRoute(app, cancelCoinOrderRoute, async (request) =>
    cancelOrder(app.db, request.user.id, request.params.id, app.now()),
  );
  registerRoute(app, coinHistoriesRoute, async (request) =>
    listOrders(app.db, request.user.id, request.query),
  );
  registerRoute(app, withdrawInfoRoute, async (request) =>
    getWithdrawInfo(app.db, config, app.prices, request.user, app.now()),
  );
  registerRoute(app, createWithdrawRoute, async (request) => {
    const created = await createWithdraw(
      app.db,
      config,
      app.prices,
      request.user,
      request.body.amount,
      app.now(),
    );
    app.jobs.wake();
    return created;
  });
  registerRoute(app, withdrawsByIdsRoute, async (request) =>
    withdrawsByIds(app.db, request.user.id, request.body.ids),
  );
  registerRoute(app, withdrawListRoute, async (request) =>
    listWithdraws(app.db, request.user.id, request.query),
  );
  registerRoute(app, cancelWithdrawRoute, async (request) =>
    cancelWithdraw(app.db, request.user.id, request.params.id),
  );

  if (!config.indexer.enabled) return;
  let watcher: SingletonLoop | undefined;
  const log = app.log.child({ part: 'coin-payments' });
  app.addHook('onReady', async () => {
    watcher = runSingletonLoop(app.db, {
      name: COIN_PAYMENTS_LEASE,
      ttlMs: 15_000,
      renewEveryMs: 5_000,
      everyMs: config.coin.watchMs,
      step: async () => {
        await watchPayments(coinSettleOptions(app, config), app.now());
      },
      onError: (error) => log.error({ err: error }, 'payment watcher step failed'),
    });
  });
  app.addHook('onClose', async () => {
    await watcher?.stop();
  });
};

export default coinRoutes;
