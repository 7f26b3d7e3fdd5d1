import cors, { type FastifyCorsOptions } from '@fastify/cors';
import { JWT_HEADER, SAAS_ID_HEADER } from '@ojo/api-contract/envelope';
import { gasPolicyRoute } from '@ojo/api-contract/gas';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/env';

declare module 'fastify' {
  interface FastifyInstance {
    /** The CORS of the paymaster service: the web app, the game frame and the account provider (wallet origin). */
    gasPolicyCors: Pick<FastifyCorsOptions, 'origin'>;
  }
  interface FastifyContextConfig {
    /** A route's own CORS options over the plugin's (read by @fastify/cors on each request of the route). */
    cors?: Pick<FastifyCorsOptions, 'origin'>;
  }
}

/** An origin option of @fastify/cors that allows exactly `origins`; any other (or none) gets no CORS headers at all. */
function originIn(origins: readonly string[]): FastifyCorsOptions['origin'] {
  const allowed = new Set(origins);
  return (origin, callback) => callback(null, origin !== undefined && allowed.has(origin));
}

/**
 * Browsers may call the API from exactly the web app, the game frame and the operator console. The account provider (wallet origin) may
 * call one route only: its paymaster service, `POST /contract/gas/policy`, with the session token the web app handed
 * it for that request (e.g. a sponsored session-key grant). That route and its preflight carry `app.gasPolicyCors` in
 * their config (@fastify/cors reads a route's `config.cors` over these options). Any other origin gets no CORS
 * headers, so the browser refuses it.
 */
async function corsPlugin(app: FastifyInstance, options: { config: AppConfig }): Promise<void> {
  const { web, game, wallet } = options.config.origins;
  app.decorate('gasPolicyCors', { origin: originIn([web, game, wallet]) });
  await app.register(cors, {
    // The console (docs/console.md) sends its operator token as `authorization`; no product call reads that header.
    origin: originIn([web, game, options.config.operator.consoleOrigin]),
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['content-type', 'authorization', SAAS_ID_HEADER, JWT_HEADER],
    exposedHeaders: ['content-disposition'],
    maxAge: 600,
  });
  // The paymaster's preflight is its own route, so it has the paymaster's CORS (the plugin's `OPTIONS *` has the
  // common one). An allowed preflight is answered by the plugin's hook; anything else is not found, as elsewhere.
  app.options(
    gasPolicyRoute.path,
    { schema: { hide: true }, config: { cors: app.gasPolicyCors } },
    (_request, reply) => reply.callNotFound(),
  );
}

export default fp(corsPlugin, { name: 'cors' });
