import {
  devnetFaucetRoute,
  processTransactionRoute,
  processUserOperationRoute,
  tokenBalancesRoute,
  tokenHistoriesRoute,
  tokenTickerRoute,
  walletSettingsRoute,
} from '@ojo/api-contract/wallet';
import { BALANCE_ASSET } from '@ojo/domain/constants';
import { toBaseUnits } from '@ojo/domain/format/decimal';
import type { FastifyPluginAsync } from 'fastify';
import type { Hex } from 'viem';
import type { AppConfig } from '../../config/env';
import { registerRoute } from '../../lib/route';
import { authRateLimit } from '../../plugins/rate-limit';
import { coinSettleOptions } from '../coin/routes';
import { settlePayment } from '../coin/settle-payment';
import { createBalanceReader } from './balance-reader';
import { fundFromFaucet } from './fund-from-faucet';
import { getBalances } from './get-balances';
import { getTicker } from './get-ticker';
import { readHistories } from './list-histories';
import { processTransaction, processUserOperation } from './process-transaction';
import { smartAccountOf } from './smart-account';

/** Wallet calls of product.md 7 ('Wallet and transactions'); each player reads only their own smart account. */
const walletRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  const chainId = config.chain.chainId;
  const readBalance = createBalanceReader(app.chain.publicClient);

  registerRoute(app, walletSettingsRoute, async () => ({
    hasFaucet: config.localDevnet.isLocalDevnet,
    faucetAmount: config.localDevnet.isLocalDevnet ? config.wallet.faucetEth : null,
  }));

  registerRoute(app, tokenTickerRoute, async (request) =>
    getTicker(app.prices, request.params.symbol, app.now()),
  );

  registerRoute(app, tokenBalancesRoute, async (request) =>
    getBalances(readBalance, app.prices, smartAccountOf(request.user), app.now()),
  );

  registerRoute(app, tokenHistoriesRoute, async (request) => ({
    histories: await readHistories(
      app.db,
      app.prices,
      request.user,
      {
        chainId,
        from: request.query.from,
        limit: request.query.limit,
        entryPoint: app.chain.deployments()?.entryPoint,
      },
      app.now(),
    ),
  }));

  // Each asks the node for a call trace: limited like the other costly calls.
  const costly = { config: { rateLimit: authRateLimit(config) } };
  // A mined transaction may pay a coin order (product.md 4 Buy OJO): verified and credited once, here or by the watcher.
  const settleCoinPayment = async (txHash: Hex | null, mined: boolean) => {
    if (!txHash || !mined) return;
    try {
      await settlePayment(coinSettleOptions(app, config), txHash);
    } catch (error) {
      app.log.warn({ err: error, txHash }, 'coin payment not settled now; the watcher tries again');
    }
  };
  registerRoute(
    app,
    processTransactionRoute,
    async (request) => {
      const processed = await processTransaction(app.db, app.indexer, chainId, request.params.hash as Hex);
      await settleCoinPayment(processed.txHash, processed.mined);
      return processed;
    },
    costly,
  );
  registerRoute(
    app,
    processUserOperationRoute,
    async (request) => {
      const processed = await processUserOperation(app.db, app.indexer, {
        chainId,
        bundlerUrl: config.bundlerUrl,
        userOpHash: request.body.userOpHash as Hex,
      });
      await settleCoinPayment(processed.txHash, processed.mined);
      return processed;
    },
    costly,
  );

  // The faucet does not exist outside the local devnet (not even as a refusing route).
  if (config.localDevnet.isLocalDevnet) {
    const faucetWei = toBaseUnits(config.wallet.faucetEth, BALANCE_ASSET.decimals) ?? 0n;
    registerRoute(
      app,
      devnetFaucetRoute,
      async (request) => {
        const funded = await fundFromFaucet(app, request.user, faucetWei);
        // Into the history at once, like a send (the indexer would take it in a moment later).
        await processTransaction(app.db, app.indexer, chainId, funded.txHash);
        return funded;
      },
      costly,
    );
  }
};

export default walletRoutes;
