import { getHealthSchema } from '@ojo/api-contract/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config/env';
import { checkHealth } from './service';

/** `GET /healthz` for load balancers and `npm start`: 200 when every dependency answers, 503 otherwise. */
const healthRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, options) => {
  app.get(
    '/healthz',
    { schema: { ...getHealthSchema, security: [] }, config: { rateLimit: false } },
    async (request, reply) => {
      const report = await checkHealth(app.db, options.config, request.log);
      return reply.status(report.status === 'ok' ? 200 : 503).send(report);
    },
  );
};

export default healthRoutes;
