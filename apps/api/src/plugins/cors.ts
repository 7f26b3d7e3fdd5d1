import cors from '@fastify/cors';
import { JWT_HEADER, SAAS_ID_HEADER } from '@ojo/api-contract/envelope';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/env';

/**
 * Browsers may call the API from exactly the web app and the game frame. Any other origin gets no CORS headers,
 * so the browser refuses it.
 */
async function corsPlugin(app: FastifyInstance, options: { config: AppConfig }): Promise<void> {
  const allowedOrigins = new Set([options.config.origins.web, options.config.origins.game]);
  await app.register(cors, {
    // `false` for any other origin (or none) disables CORS for that request entirely, credentials header included.
    origin: (origin, callback) =>
      callback(null, origin !== undefined && allowedOrigins.has(origin) ? origin : false),
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['content-type', SAAS_ID_HEADER, JWT_HEADER],
    maxAge: 600,
  });
}

export default fp(corsPlugin, { name: 'cors' });
