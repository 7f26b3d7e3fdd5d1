import { getCustomerSchema } from '@ojo/api-contract/customer';
import { customerSuccess } from '@ojo/api-contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { secureSecurity } from '../../plugins/openapi';
import { getCustomerInfo } from './service';

/** Customer calls of spec point 7. */
const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customer',
    { schema: { ...getCustomerSchema, security: secureSecurity }, preHandler: app.authenticate },
    async (request) => customerSuccess(await getCustomerInfo(app.db, request.customer)),
  );
};

export default customerRoutes;
