import { bindWalletRoute } from '@ojo/api-contract/linked-wallet';
import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config/env';
import { registerRoute } from '../../lib/route';
import { authRateLimit } from '../../plugins/rate-limit';
import { bindWallet } from './bind-wallet';

/** Linked wallets (glossary: the wallets a player links for asset badges; product.md 7 Bind wallet). */
const linkedWalletRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  registerRoute(
    app,
    bindWalletRoute,
    async (request) =>
      bindWallet(
        {
          db: app.db,
          publicClient: app.chain.publicClient,
          productName: config.productName,
          events: app.events,
        },
        request.user,
        { ...request.body, signature: request.body.signature as `0x${string}` },
      ),
    { config: { rateLimit: authRateLimit(config) } },
  );
};

export default linkedWalletRoutes;
