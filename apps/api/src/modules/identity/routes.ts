import { objSuccess } from '@ojo/api-contract/envelope';
import { idTokenRefreshSchema, siweNonceSchema, siweVerifySchema } from '@ojo/api-contract/identity';
import { TOKEN_RENEW_THRESHOLD_SECONDS } from '@ojo/domain/constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Hex } from 'viem';
import type { AppConfig } from '../../config/env';
import { AppError } from '../../lib/errors';
import { authRateLimit } from '../../plugins/rate-limit';
import { isSessionUsable } from '../session/sessions';
import { createNonce, NONCE_PURPOSE } from './nonces';
import { createProductAccountSigners } from './product-account-signer';
import { verifySiweLogin } from './siwe';

/** The identity layer's calls (issue 4 plan): SIWE nonce and verify, id token renewal. */
const identityRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  const rateLimit = authRateLimit(config);
  const productAccounts = createProductAccountSigners(app.chain);

  app.get('/identity/siwe/nonce', { schema: siweNonceSchema, config: { rateLimit } }, async () =>
    objSuccess({ nonce: await createNonce(app.db, { purpose: NONCE_PURPOSE.siwe }) }),
  );

  app.post('/identity/siwe/verify', { schema: siweVerifySchema, config: { rateLimit } }, async (request) => {
    const address = await verifySiweLogin(
      app.db,
      app.chain.publicClient,
      productAccounts,
      { webOrigin: config.origins.web, chainId: config.chain.chainId },
      { message: request.body.message, signature: request.body.signature as Hex },
      new Date(app.now()),
    );
    return objSuccess(await app.identity.issue(address));
  });

  app.post('/identity/refresh', { schema: idTokenRefreshSchema, config: { rateLimit } }, async (request) => {
    const { idToken } = request.body;
    const claims = await app.identity.verify(idToken);
    if (!claims) {
      throw new AppError(401, 'UNAUTHORIZED', 'identity.token.invalid', 'The id token is invalid or expired');
    }
    const now = app.now();
    if (
      claims.authTime === undefined ||
      claims.sessionId === undefined ||
      claims.authTime + config.identity.maxSessionSeconds * 1000 <= now ||
      !(await isSessionUsable(app.db, claims.sessionId, new Date(now)))
    ) {
      throw new AppError(
        401,
        'UNAUTHORIZED',
        'identity.session.expired',
        'This sign-in has ended; sign in again',
      );
    }
    // spec 4: renew only when under 1200 s remain. The renewal keeps the sign-in time and session, so it ends when
    // the session does (the sign-in plus the session limit): no token, even a leaked one, outlives it.
    if (claims.expiresAt - now > TOKEN_RENEW_THRESHOLD_SECONDS * 1000) {
      return objSuccess({ idToken, expiresAt: claims.expiresAt });
    }
    return objSuccess(
      await app.identity.issue(claims.address, { authTime: claims.authTime, sessionId: claims.sessionId }),
    );
  });
};

export default identityRoutes;
