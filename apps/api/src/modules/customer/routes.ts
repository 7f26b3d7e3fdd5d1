import {
  bindSchema,
  customerSignSchema,
  getCustomerSchema,
  loginSchema,
  oauthNonceSchema,
} from '@ojo/api-contract/customer';
import { customerSuccess } from '@ojo/api-contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config/env';
import { secureSecurity } from '../../plugins/openapi';
import { authRateLimit } from '../../plugins/rate-limit';
import { createNonce, NONCE_PURPOSE } from '../identity/nonces';
import { openSession } from '../session/sessions';
import { bindSmartAccount, loginWithIdToken, signCustomerId } from './auth-service';
import { getCustomerInfo } from './service';

/** Customer calls of spec point 7. */
const customerRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, options) => {
  const config = options.config;
  const secure = { preHandler: app.authenticate };

  app.get(
    '/customer',
    { schema: { ...getCustomerSchema, security: secureSecurity }, preHandler: app.authenticate },
    async (request) => customerSuccess(await getCustomerInfo(app.db, request.customer)),
  );

  app.post(
    '/customer/login',
    { schema: loginSchema, config: { rateLimit: authRateLimit(config) } },
    async (request) => {
      const { customer, signIn } = await loginWithIdToken(app.db, app.identity, request.body);
      // The session is the id token's sign-in: it ends the session limit after the SIWE signature, and logout
      // ends the id token with it.
      const jwtKey = await app.signIn(customer.id, {
        sessionId: signIn.sessionId,
        signedInAt: new Date(signIn.signedInAt),
      });
      return customerSuccess({ jwtKey, created: customer.createdAt.getTime() });
    },
  );

  app.post(
    '/customer/bind',
    { schema: { ...bindSchema, security: secureSecurity }, ...secure },
    async (request) => {
      const now = new Date(app.now());
      const signIn = await bindSmartAccount(app.db, app.identity, request.customer, request.body, now);
      // The id token's sign-in is now the customer's too: logout ends it, so it cannot log in afterwards.
      const signedInAt = new Date(signIn.signedInAt);
      await openSession(
        app.db,
        {
          id: signIn.sessionId,
          customerId: request.customer.id,
          signedInAt,
          expiresAt: new Date(signedInAt.getTime() + config.identity.maxSessionSeconds * 1000),
        },
        now,
      );
      return customerSuccess(null);
    },
  );

  app.get(
    '/customer/sign',
    { schema: { ...customerSignSchema, security: secureSecurity }, ...secure },
    async (request) => customerSuccess({ sign: signCustomerId(config.jwt.secret, request.customer.id) }),
  );

  app.get(
    '/customer/oauth/nonce',
    { schema: oauthNonceSchema, config: { rateLimit: authRateLimit(config) } },
    async (request) =>
      customerSuccess({
        nonce: await createNonce(app.db, {
          purpose: NONCE_PURPOSE.walletSignature,
          publicKey: request.query.publicKey,
        }),
      }),
  );
};

export default customerRoutes;
