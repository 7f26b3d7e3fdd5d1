import {
  bindSchema,
  customerSignSchema,
  getCustomerSchema,
  loginSchema,
  oauthNonceSchema,
  tokenRefreshSchema,
} from '@ojo/api-contract/customer';
import { customerSuccess } from '@ojo/api-contract/envelope';
import { WEB_LOGIN_SESSION_SECONDS } from '@ojo/domain/constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config/env';
import { secureSecurity } from '../../plugins/openapi';
import { authRateLimit } from '../../plugins/rate-limit';
import { createNonce, NONCE_PURPOSE } from '../identity/nonces';
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
      const { customer } = await loginWithIdToken(app.db, app.identity, request.body);
      const jwtKey = await app.issueSessionToken(customer.id, WEB_LOGIN_SESSION_SECONDS);
      return customerSuccess({ jwtKey, created: customer.createdAt.getTime() });
    },
  );

  app.post(
    '/customer/bind',
    { schema: { ...bindSchema, security: secureSecurity }, ...secure },
    async (request) => {
      await bindSmartAccount(app.db, app.identity, request.customer, request.body);
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

  app.post(
    '/customer/token/refresh',
    { schema: { ...tokenRefreshSchema, security: secureSecurity }, ...secure },
    async (request) =>
      customerSuccess({
        jwtKey: await app.issueSessionToken(request.customer.id, WEB_LOGIN_SESSION_SECONDS),
      }),
  );
};

export default customerRoutes;
