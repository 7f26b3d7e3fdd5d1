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
  // Built once: the delegator runs on every request, so it only picks one of the two (`true` reflects the origin).
  const allow = { ...common, origin: true };
  // `false` for any other origin (or none) disables CORS for that request entirely, credentials header included.
  const deny = { ...common, origin: false };
  await app.register(cors, {
    delegator: (request, callback) => {
      const origin = request.headers.origin;
      if (origin === undefined) return callback(null, deny);
      if (allowedOrigins.has(origin)) return callback(null, allow);
      const isGasPolicy = origin === walletOrigin && request.url.split('?')[0] === gasPolicyRoute.path;
      callback(null, isGasPolicy ? allow : deny);
    },
  });
}

export default fp(corsPlugin, { name: 'cors' });
