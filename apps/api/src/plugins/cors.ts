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
  const allowedOrigins = [options.config.origins.web, options.config.origins.game];
  await app.register(cors, {
    origin: allowedOrigins,
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['content-type', SAAS_ID_HEADER, JWT_HEADER],
    maxAge: 600,
  });
}

export default fp(corsPlugin, { name: 'cors' });
