import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config/env';
import { type ChainService, createChainService } from './chain-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Chain access of the API (public client, signer, deployed addresses). */
    chain: ChainService;
  }
}

async function chainPlugin(app: FastifyInstance, options: { config: AppConfig }): Promise<void> {
  app.decorate('chain', createChainService(options.config));
}

export default fp(chainPlugin, { name: 'chain' });
