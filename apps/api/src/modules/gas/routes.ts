import { customerSuccess } from '@ojo/api-contract/envelope';
import { gasPolicySchema } from '@ojo/api-contract/gas';
import { getUserOperationGasPrice } from '@ojo/contracts/user-operation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createClient, http } from 'viem';
import type { AppConfig } from '../../config/env';
import { secureSecurity } from '../../plugins/openapi';
import { sponsorUserOperation } from './service';

/** `POST /contract/gas/policy` (spec 7): paymaster data for an allowed user operation. */
const gasRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  const bundler = createClient({ transport: http(config.bundlerUrl, { timeout: 10_000, retryCount: 0 }) });
  const networkGasPrice = () => getUserOperationGasPrice(bundler, 'fast');
  app.post(
    '/contract/gas/policy',
    { schema: { ...gasPolicySchema, security: secureSecurity }, preHandler: app.authenticate },
    async (request) =>
      customerSuccess(
        await sponsorUserOperation(
          app.db,
          app.chain,
          { dailyLimit: config.gasDailySponsoredOps, ...config.gasLimits, networkGasPrice },
          request.customer,
          request.body,
        ),
      ),
  );
};

export default gasRoutes;
