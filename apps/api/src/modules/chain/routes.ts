import { chainConfigSchema } from '@ojo/api-contract/chain';
import { objSuccess } from '@ojo/api-contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config/env';

/** `GET /chain/config` (public): chain id, public URLs and addresses for the web and wallet apps. */
const chainRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  app.get('/chain/config', { schema: chainConfigSchema }, async () => {
    const deployments = app.chain.deployments();
    return objSuccess({
      chainId: config.chain.chainId,
      rpcUrl: config.publicChain.rpcUrl,
      bundlerUrl: config.publicChain.bundlerUrl,
      entryPoint: deployments?.entryPoint ?? null,
      contracts: { ...(deployments?.contracts ?? {}) },
    });
  });
};

export default chainRoutes;
