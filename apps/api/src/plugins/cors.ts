import cors from '@fastify/cors';
import { JWT_HEADER, SAAS_ID_HEADER } from '@ojo/api-contract/envelope';
import { gasPolicyRoute } from '@ojo/api-contract/gas';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/env';

/**
 * Browsers may call the API from exactly the web app and the game frame. The account provider (wallet origin) may
 * call one route only: its paymaster service, `POST /contract/gas/policy`, with the session token the web app handed
 * it for that request (e.g. a sponsored session-key grant). Any other origin gets no CORS headers, so the browser
 * refuses it.
 */
async function corsPlugin(app: FastifyInstance, options: { config: AppConfig }): Promise<void> {
  const allowedOrigins = new Set([options.config.origins.web, options.config.origins.game]);
  const walletOrigin = options.config.origins.wallet;
  const common = {
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['content-type', SAAS_ID_HEADER, JWT_HEADER],
    maxAge: 600,
  };
  await app.register(cors, {
    delegator: (request, callback) => {
      const origin = request.headers.origin;
      const path = (request.url ?? '').split('?')[0];
      const isAllowed =
        origin !== undefined &&
        (allowedOrigins.has(origin) || (origin === walletOrigin && path === gasPolicyRoute.path));
      // `false` for any other origin (or none) disables CORS for that request entirely, credentials header included.
      callback(null, { ...common, origin: isAllowed ? origin : false });
    },
  });
}

export default fp(corsPlugin, { name: 'cors' });
