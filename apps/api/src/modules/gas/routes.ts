import { objSuccess } from '@ojo/api-contract/envelope';
import { gasPolicySchema } from '@ojo/api-contract/gas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config/env';
import { secureSecurity } from '../../plugins/openapi';
import { createBundlerGas } from './bundler';
import { createSponsoredCostsRecorder } from './record-sponsored-costs';
import { sponsorUserOperation } from './sponsor-user-operation';

/** `POST /contract/gas/policy` (spec 7): paymaster data for an allowed user operation. */
const gasRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  const bundler = createBundlerGas(config.bundlerUrl);
  const costs = createSponsoredCostsRecorder(app.db, app.chain, app.log);
  app.addHook('onReady', async () => costs.start(config.gas.costsScanIntervalMs));
  app.addHook('onClose', async () => costs.stop());

  app.post(
    '/contract/gas/policy',
    { schema: { ...gasPolicySchema, security: secureSecurity }, preHandler: app.authenticate },
    async (request) =>
      objSuccess(
        await sponsorUserOperation(
          app.db,
          app.chain,
          config.gas,
          { bundler, recordCosts: costs.run },
          request.user,
          request.body,
        ),
      ),
  );
};

export default gasRoutes;
