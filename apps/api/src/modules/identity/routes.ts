import { customerSuccess } from '@ojo/api-contract/envelope';
import { idTokenRefreshSchema, siweNonceSchema, siweVerifySchema } from '@ojo/api-contract/identity';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Hex } from 'viem';
import type { AppConfig } from '../../config/env';
import { AppError } from '../../lib/errors';
import { authRateLimit } from '../../plugins/rate-limit';
import { ID_TOKEN_TTL_SECONDS } from './id-token';
import { createNonce, NONCE_PURPOSE } from './nonces';
import { verifySiweLogin } from './siwe';

/** The identity layer's calls (issue 4 plan): SIWE nonce and verify, id token renewal. */
const identityRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  const rateLimit = authRateLimit(config);

  app.get('/identity/siwe/nonce', { schema: siweNonceSchema, config: { rateLimit } }, async () =>
    customerSuccess({ nonce: await createNonce(app.db, { purpose: NONCE_PURPOSE.siwe }) }),
  );

  app.post('/identity/siwe/verify', { schema: siweVerifySchema, config: { rateLimit } }, async (request) => {
    const address = await verifySiweLogin(
      app.db,
      app.chain.publicClient,
      { webOrigin: config.origins.web, chainId: config.chain.chainId },
      { message: request.body.message, signature: request.body.signature as Hex },
    );
    return customerSuccess(await app.identity.issue(address));
  });

  app.post('/identity/refresh', { schema: idTokenRefreshSchema, config: { rateLimit } }, async (request) => {
    const claims = await app.identity.verify(request.body.idToken);
    if (!claims) {
      throw new AppError(401, 'UNAUTHORIZED', 'identity.token.invalid', 'The id token is invalid or expired');
    }
    // Renewal keeps the original sign-in time, so a token (even a leaked one) lives at most the session limit
    // after the SIWE signature; then the person signs in again.
    const sessionEndsAt =
      claims.authTime === undefined ? 0 : claims.authTime + config.identity.maxSessionSeconds * 1000;
    const remainingSeconds = Math.floor((sessionEndsAt - Date.now()) / 1000);
    if (remainingSeconds <= 0) {
      throw new AppError(
        401,
        'UNAUTHORIZED',
        'identity.session.expired',
        'The sign-in is too old to renew; sign in again',
      );
    }
    return customerSuccess(
      await app.identity.issue(claims.address, {
        authTime: claims.authTime,
        ttlSeconds: Math.min(ID_TOKEN_TTL_SECONDS, remainingSeconds),
      }),
    );
  });
};

export default identityRoutes;
