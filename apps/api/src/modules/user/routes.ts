import { objSuccess } from '@ojo/api-contract/envelope';
import {
  bindRequestFromBody,
  bindSchema,
  getUserSchema,
  loginRequestFromBody,
  loginSchema,
  oauthNonceSchema,
  userSignSchema,
} from '@ojo/api-contract/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config/env';
import { secureSecurity } from '../../plugins/openapi';
import { authRateLimit } from '../../plugins/rate-limit';
import { createNonce, NONCE_PURPOSE } from '../identity/nonces';
import { openSession } from '../session/sessions';
import { bindSmartAccount, loginWithIdToken, signUserId } from './auth-service';
import { getUserInfo } from './service';

/** User calls of spec point 7. */
const userRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, options) => {
  const config = options.config;
  const secure = { preHandler: app.authenticate };

  app.get(
    '/customer',
    { schema: { ...getUserSchema, security: secureSecurity }, preHandler: app.authenticate },
    async (request) => objSuccess(await getUserInfo(app.db, request.user)),
  );

  app.post(
    '/customer/login',
    { schema: loginSchema, config: { rateLimit: authRateLimit(config) } },
    async (request) => {
      const { user, signIn } = await loginWithIdToken(
        app.db,
        app.identity,
        loginRequestFromBody(request.body),
      );
      // The session is the id token's sign-in: it ends the session limit after the SIWE signature, and logout
      // ends the id token with it.
      const jwtKey = await app.signIn(user.id, {
        sessionId: signIn.sessionId,
        signedInAt: new Date(signIn.signedInAt),
      });
      return objSuccess({ jwtKey, created: user.createdAt.getTime() });
    },
  );

  app.post(
    '/customer/bind',
    { schema: { ...bindSchema, security: secureSecurity }, ...secure },
    async (request) => {
      const now = new Date(app.now());
      const signIn = await bindSmartAccount(
        app.db,
        app.identity,
        request.user,
        bindRequestFromBody(request.body),
        now,
      );
      // The id token's sign-in is now the user's too: logout ends it, so it cannot log in afterwards.
      const signedInAt = new Date(signIn.signedInAt);
      await openSession(
        app.db,
        {
          id: signIn.sessionId,
          userId: request.user.id,
          signedInAt,
          expiresAt: new Date(signedInAt.getTime() + config.identity.maxSessionSeconds * 1000),
        },
        now,
      );
      return objSuccess(null);
    },
  );

  app.get(
    '/customer/sign',
    { schema: { ...userSignSchema, security: secureSecurity }, ...secure },
    async (request) => objSuccess({ sign: signUserId(config.jwt.secret, request.user.id) }),
  );

  app.get(
    '/customer/oauth/nonce',
    { schema: oauthNonceSchema, config: { rateLimit: authRateLimit(config) } },
    async (request) =>
      objSuccess({
        nonce: await createNonce(app.db, {
          purpose: NONCE_PURPOSE.walletSignature,
          publicKey: request.query.publicKey,
        }),
      }),
  );
};

export default userRoutes;
