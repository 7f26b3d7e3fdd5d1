import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppConfig } from '../../config/env';
import { renderExplorerAddressPage } from './explorer-page';

/**
 * The local devnet's explorer page, opened by the browser from 'View more in Scan' (no saas_id: a navigation,
 * like a public explorer). Mounted only on the local devnet; elsewhere the web links the configured explorer.
 */
const explorerRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  app.get(
    '/explorer/address/:address',
    {
      schema: {
        hide: true,
        params: z.object({ address: z.string().regex(/^0x[0-9a-fA-F]{40}$/) }),
      },
    },
    async (request, reply) => {
      const { address } = request.params as { address: string };
      const html = await renderExplorerAddressPage(app.db, {
        chainId: config.chain.chainId,
        address,
        productName: config.productName,
      });
      return reply.type('text/html; charset=utf-8').send(html);
    },
  );
};

export default explorerRoutes;
