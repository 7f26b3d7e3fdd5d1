import { gasPolicyRoute } from '@ojo/api-contract/gas';
import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config/env';
import { registerRoute } from '../../lib/route';
import { createBundlerGas } from './bundler';
import { createSponsoredCostsRecorder } from './record-sponsored-costs';
import { sponsorUserOperation } from './sponsor-user-operation';

/** `POST /contract/gas/policy` (product.md 7): paymaster data for an allowed user operation. */
const gasRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  const bundler = createBundlerGas(config.bundlerUrl);
  const costs = createSponsoredCostsRecorder(app.db, app.chain, app.log);
  app.addHook('onReady', async () => costs.start(config.gas.costsScanIntervalMs));
  app.addHook('onClose', async () => costs.stop());

  registerRoute(
    app,
    gasPolicyRoute,
    async (request) =>
      sponsorUserOperation(
        app.db,
        app.chain,
        config.gas,
        { bundler, recordCosts: costs.run },
        request.user,
        request.body,
        // The client address as rate limits see it (Fastify's request.ip under TRUST_PROXY).
        request.ip,
      ),
    // The account provider calls it from the wallet origin (plugins/cors.ts).
    { config: { cors: app.gasPolicyCors } },
  );
};

export default gasRoutes;
