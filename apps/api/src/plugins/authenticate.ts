import { JWT_HEADER } from '@ojo/api-contract/envelope';
import type { Customer } from '@ojo/db/schema/customers';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/env';
import { AppError } from '../lib/errors';
import { findCustomerById } from '../modules/customer/service';
import { issueSessionToken, verifySessionToken } from '../modules/session/session-token';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler of secure calls: checks jwt_token and sets `request.customer`, or answers 401. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Signs a session jwt for a customer with the configured key (default lifetime 604800 s). */
    issueSessionToken: (customerId: string, ttlSeconds?: number) => Promise<string>;
  }
  interface FastifyRequest {
    /** The caller of a secure call; set only on routes that use `app.authenticate`. */
    customer: Customer;
  }
}

async function authenticatePlugin(app: FastifyInstance, options: { config: AppConfig }): Promise<void> {
  const settings = options.config.jwt;
  app.decorateRequest('customer', null as unknown as Customer);
  app.decorate('issueSessionToken', (customerId: string, ttlSeconds?: number) =>
    issueSessionToken(settings, customerId, ttlSeconds),
  );
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = request.headers[JWT_HEADER];
    if (typeof token !== 'string' || token.length === 0) {
      throw AppError.unauthorized(`Header ${JWT_HEADER} is required`);
    }
    const claims = await verifySessionToken(settings, token);
    if (!claims) throw AppError.unauthorized('The session token is invalid or expired');
    const customer = await findCustomerById(app.db, claims.customerId);
    if (!customer) throw AppError.unauthorized('The session token belongs to no customer');
    request.customer = customer;
  });
}

export default fp(authenticatePlugin, { name: 'authenticate', dependencies: ['database'] });
