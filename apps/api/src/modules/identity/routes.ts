import { idTokenRefreshRoute, siweNonceRoute, siweVerifyRoute } from '@ojo/api-contract/identity';
import { TOKEN_RENEW_THRESHOLD_SECONDS } from '@ojo/domain/constants';
import type { FastifyPluginAsync } from 'fastify';
import type { Hex } from 'viem';
import type { AppConfig } from '../../config/env';
import { registerRoute } from '../../lib/route';
import { authRateLimit } from '../../plugins/rate-limit';
import { isSessionUsable } from '../session/sessions';
import { identityErrors } from './errors';
import { createNonce, NONCE_PURPOSE } from './nonces';
import { createProductAccountSigners } from './product-account-signer';
import { verifySiweLogin } from './siwe';

/** The identity layer's calls: SIWE nonce and verify, id token renewal. */
const identityRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  const rateLimit = authRateLimit(config);
  const productAccounts = createProductAccountSigners(app.chain);

  const limited = { config: { rateLimit } };

  registerRoute(
    app,
    siweNonceRoute,
    async () => ({ nonce: await createNonce(app.db, { purpose: NONCE_PURPOSE.siwe }) }),
    limited,
  );

  registerRoute(
    app,
    siweVerifyRoute,
    async (request) => {
      const address = await verifySiweLogin(
        app.db,
        app.chain.publicClient,
        productAccounts,
        { webOrigin: config.origins.web, chainId: config.chain.chainId },
        { message: request.body.message, signature: request.body.signature as Hex },
        new Date(app.now()),
      );
      return app.identity.issue(address);
    },
    limited,
  );

  registerRoute(
    app,
    idTokenRefreshRoute,
    async (request) => {
      const { idToken } = request.body;
      const claims = await app.identity.verify(idToken);
      if (!claims) {
        throw identityErrors.idTokenInvalid();
      }
      const now = app.now();
      if (
        claims.authTime === undefined ||
        claims.sessionId === undefined ||
        claims.authTime + config.identity.maxSessionSeconds * 1000 <= now ||
        !(await isSessionUsable(app.db, claims.sessionId, new Date(now)))
      ) {
        throw identityErrors.sessionExpired();
      }
      // product.md 4: renew only when under 1200 s remain. The renewal keeps the sign-in time and session, so it ends when
      // the session does (the sign-in plus the session limit): no token, even a leaked one, outlives it.
      if (claims.expiresAt - now > TOKEN_RENEW_THRESHOLD_SECONDS * 1000) {
        return { idToken, expiresAt: claims.expiresAt };
      }
      return app.identity.issue(claims.address, { authTime: claims.authTime, sessionId: claims.sessionId });
    },
    limited,
  );
};

export default identityRoutes;
