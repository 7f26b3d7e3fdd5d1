import { JWT_HEADER } from '@ojo/api-contract/envelope';
import type { User } from '@ojo/db/schema/users';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config/env';
import { AppError } from '../../lib/errors';
import { issueSessionToken, sessionTokenKey, verifySessionToken } from './session-token';
import { findSessionUser, newSessionId, openSession, type SessionWindow } from './sessions';

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
    /** The user of an open session's jwt, or null (sockets, which send the token in a message, not a header). */
    userOfSessionToken: (token: string) => Promise<User | null>;
    /**
     * The user and open session of a jwt, and when it stops being usable (the earlier of the token's expiry and
     * the session's end, ms since the epoch), or null (the game socket, which re-checks the session while it lives).
     */
    sessionOfToken: (
      token: string,
    ) => Promise<{ user: User; session: SessionWindow; usableUntilMs: number } | null>;
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

/**
 * The session module's verifier of secure calls (`app.authenticate`) and its sign-in (`app.signIn`), registered by
 * the module that owns sessions: plugins never import modules.
 */
async function authenticatePlugin(app: FastifyInstance, options: { config: AppConfig }): Promise<void> {
  const settings = { ...options.config.jwt, secret: await sessionTokenKey(options.config.jwt.secret) };
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

  app.decorate('sessionOfToken', async (token: string) => {
    const nowMs = app.now();
    const claims = await verifySessionToken(settings, token, nowMs);
    if (!claims) return null;
    const found = await findSessionUser(app.db, claims, new Date(nowMs));
    if (!found) return null;
    const usableUntilMs = Math.min(claims.expiresAt * 1000, found.session.expiresAt.getTime());
    return { ...found, usableUntilMs };
  });
  app.decorate(
    'userOfSessionToken',
    async (token: string) => (await app.sessionOfToken(token))?.user ?? null,
  );

  /** The claims of the request's jwt_token at the API's now, or a 401. */
  async function claimsOf(request: FastifyRequest, nowMs: number) {
    const token = request.headers[JWT_HEADER];
    if (typeof token !== 'string' || token.length === 0) {
      throw AppError.unauthorized(`Header ${JWT_HEADER} is required`);
    }
    const claims = await verifySessionToken(settings, token, nowMs);
    if (!claims) throw AppError.unauthorized('The session token is invalid or expired');
    request.sessionToken = { value: token, expiresAt: claims.expiresAt };
    return claims;
  }
  const sessionEnded = () => AppError.unauthorized('The session has ended or belongs to no user');

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const nowMs = app.now();
    const claims = await claimsOf(request, nowMs);
    // One query: the user, only while its session is open (not revoked by logout, not past its end).
    const found = await findSessionUser(app.db, claims, new Date(nowMs));
    if (!found) throw sessionEnded();
    request.user = found.user;
    request.session = found.session;
  });
}

export default fp(authenticatePlugin, { name: 'authenticate', dependencies: ['database'] });
