import { logoutRoute, tokenRefreshRoute } from '@ojo/api-contract/user';
import { TOKEN_RENEW_THRESHOLD_SECONDS } from '@ojo/domain/constants';
import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config/env';
import { registerRoute } from '../../lib/route';
import { issueSessionToken } from './session-token';
import { revokeSession } from './sessions';

/** The session's own calls: renewal (product.md 4, visible page) and logout (product.md 4 'Ends the identity session'). */
const sessionRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  registerRoute(app, tokenRefreshRoute, async (request) => {
    const nowMs = app.now();
    const { value, expiresAt } = request.sessionToken;
    // product.md 4: renew only when under 1200 s remain; before that the jwt sent is still the one to use.
    if (expiresAt - nowMs / 1000 > TOKEN_RENEW_THRESHOLD_SECONDS) return { jwtKey: value };
    const jwtKey = await issueSessionToken(
      config.jwt,
      {
        userId: request.user.id,
        sessionId: request.session.id,
        // Never past the session's end: a renewal cannot lengthen a sign-in.
        expiresAt: Math.floor(request.session.expiresAt.getTime() / 1000),
      },
      nowMs,
    );
    return { jwtKey };
  });

  registerRoute(app, logoutRoute, async (request) => {
    const now = new Date(app.now());
    const { user, session } = request;
    await revokeSession(app.db, { ...session, userId: user.id }, now);
    const idToken = request.body.idToken ? await app.identity.verify(request.body.idToken) : null;
    // The id token ends too when it is this user's smart account's: a copy cannot log back in.
    if (
      idToken?.sessionId !== undefined &&
      idToken.authTime !== undefined &&
      idToken.address.toLowerCase() === user.smartAccountAddress
    ) {
      await revokeSession(
        app.db,
        {
          id: idToken.sessionId,
          userId: user.id,
          signedInAt: new Date(idToken.authTime),
          expiresAt: new Date(idToken.expiresAt),
        },
        now,
      );
    }
    return null;
  });
};

export default sessionRoutes;
