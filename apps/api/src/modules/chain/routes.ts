import { chainConfigRoute } from '@ojo/api-contract/chain';
import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config/env';
import { registerRoute } from '../../lib/route';

/** `GET /chain/config` (public): chain id, public URLs and addresses for the web and wallet apps. */
const chainRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  registerRoute(app, chainConfigRoute, async () => {
    const deployments = app.chain.deployments();
    return {
      chainId: config.chain.chainId,
      rpcUrl: config.publicChain.rpcUrl,
      bundlerUrl: config.publicChain.bundlerUrl,
      entryPoint: deployments?.entryPoint ?? null,
      contracts: { ...(deployments?.contracts ?? {}) },
    };
  });
};

export default chainRoutes;
