import { JWT_HEADER } from '@ojo/api-contract/envelope';
import type { User } from '@ojo/db/schema/users';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/env';
import { AppError } from '../lib/errors';
import { issueSessionToken, verifySessionToken } from '../modules/session/session-token';
import { findSessionUser, newSessionId, openSession, type SessionWindow } from '../modules/session/sessions';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler of secure calls: checks jwt_token and its session, sets `request.user`, or answers 401. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * Opens a session for the user and signs its jwt. The session starts at `signedInAt` (the SIWE sign-in of
     * an id token; default now) and ends the session limit later; `sessionId` is the id token's `sid` (default a
     * new one).
     */
    signIn: (userId: string, options?: { sessionId?: string; signedInAt?: Date }) => Promise<string>;
    /** A new session for the user, now, and its jwt (tests; old users' social login). */
    issueSessionToken: (userId: string) => Promise<string>;
  }
  interface FastifyRequest {
    /** The caller of a secure call; set only on routes that use `app.authenticate`. */
    user: User;
    /** The caller's session; set with `user`. */
    session: SessionWindow;
    /** The jwt the caller sent and its expiry (seconds since the epoch); set with `user`. */
    sessionToken: { value: string; expiresAt: number };
  }
}

async function authenticatePlugin(app: FastifyInstance, options: { config: AppConfig }): Promise<void> {
  const settings = options.config.jwt;
  const limitMs = options.config.identity.maxSessionSeconds * 1000;
  app.decorateRequest('user', null as unknown as User);
  app.decorateRequest('session', null as unknown as SessionWindow);
  app.decorateRequest('sessionToken', null as unknown as FastifyRequest['sessionToken']);

  app.decorate('signIn', async (userId: string, signIn: { sessionId?: string; signedInAt?: Date } = {}) => {
    const nowMs = app.now();
    const signedInAt = signIn.signedInAt ?? new Date(nowMs);
    const session = await openSession(
      app.db,
      {
        id: signIn.sessionId ?? newSessionId(),
        userId,
        signedInAt,
        expiresAt: new Date(signedInAt.getTime() + limitMs),
      },
      new Date(nowMs),
    );
    const expiresAt = Math.floor(session.expiresAt.getTime() / 1000);
    return issueSessionToken(settings, { userId, sessionId: session.id, expiresAt }, nowMs);
  });
  app.decorate('issueSessionToken', (userId: string) => app.signIn(userId));

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = request.headers[JWT_HEADER];
    if (typeof token !== 'string' || token.length === 0) {
      throw AppError.unauthorized(`Header ${JWT_HEADER} is required`);
    }
    const nowMs = app.now();
    const claims = await verifySessionToken(settings, token, nowMs);
    if (!claims) throw AppError.unauthorized('The session token is invalid or expired');
    // One query: the user, only while its session is open (not revoked by logout, not past its end).
    const found = await findSessionUser(app.db, claims, new Date(nowMs));
    if (!found) throw AppError.unauthorized('The session has ended or belongs to no user');
    request.user = found.user;
    request.session = found.session;
    request.sessionToken = { value: token, expiresAt: claims.expiresAt };
  });
}

export default fp(authenticatePlugin, { name: 'authenticate', dependencies: ['database'] });
