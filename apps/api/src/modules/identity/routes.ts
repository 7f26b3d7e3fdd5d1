import { customerSuccess } from '@ojo/api-contract/envelope';
import { idTokenRefreshSchema, siweNonceSchema, siweVerifySchema } from '@ojo/api-contract/identity';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Hex } from 'viem';
import type { AppConfig } from '../../config/env';
import { AppError } from '../../lib/errors';
import { authRateLimit } from '../../plugins/rate-limit';
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
    return customerSuccess(await app.identity.issue(claims.address));
  });
};

export default identityRoutes;
