import {
  bindRequestFromBody,
  bindRoute,
  getUserRoute,
  loginRequestFromBody,
  loginRoute,
  oauthNonceRoute,
  userSignRoute,
} from '@ojo/api-contract/user';
import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config/env';
import { registerRoute } from '../../lib/route';
import { authRateLimit } from '../../plugins/rate-limit';
import { createNonce, NONCE_PURPOSE } from '../identity/nonces';
import { openSession } from '../session/sessions';
import { bindSmartAccount, loginWithIdToken, signUserId } from './auth-service';
import { readUserInfo } from './service';

/** User calls of product.md 7. */
const userRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (app, options) => {
  const config = options.config;
  registerRoute(app, getUserRoute, async (request) => readUserInfo(app.db, request.user));

  registerRoute(
    app,
    loginRoute,
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
      return { jwtKey, created: user.createdAt.getTime() };
    },
    { config: { rateLimit: authRateLimit(config) } },
  );

  registerRoute(app, bindRoute, async (request) => {
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
    return null;
  });

  registerRoute(app, userSignRoute, async (request) => ({
    sign: signUserId(config.jwt.secret, request.user.id),
  }));

  registerRoute(
    app,
    oauthNonceRoute,
    async (request) => ({
      nonce: await createNonce(app.db, {
        purpose: NONCE_PURPOSE.walletSignature,
        publicKey: request.query.publicKey,
      }),
    }),
    { config: { rateLimit: authRateLimit(config) } },
  );
};

export default userRoutes;
