import { JWT_HEADER } from '@ojo/api-contract/envelope';
import type { Customer } from '@ojo/db/schema/customers';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/env';
import { AppError } from '../lib/errors';
import { issueSessionToken, verifySessionToken } from '../modules/session/session-token';
import {
  findSessionCustomer,
  newSessionId,
  openSession,
  type SessionWindow,
} from '../modules/session/sessions';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler of secure calls: checks jwt_token and its session, sets `request.customer`, or answers 401. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * Opens a session for the customer and signs its jwt. The session starts at `signedInAt` (the SIWE sign-in of
     * an id token; default now) and ends the session limit later; `sessionId` is the id token's `sid` (default a
     * new one).
     */
    signIn: (customerId: string, options?: { sessionId?: string; signedInAt?: Date }) => Promise<string>;
    /** A new session for the customer, now, and its jwt (tests; old users' social login). */
    issueSessionToken: (customerId: string) => Promise<string>;
  }
  interface FastifyRequest {
    /** The caller of a secure call; set only on routes that use `app.authenticate`. */
    customer: Customer;
    /** The caller's session; set with `customer`. */
    session: SessionWindow;
    /** The jwt the caller sent and its expiry (seconds since the epoch); set with `customer`. */
    sessionToken: { value: string; expiresAt: number };
  }
}

async function authenticatePlugin(app: FastifyInstance, options: { config: AppConfig }): Promise<void> {
  const settings = options.config.jwt;
  const limitMs = options.config.identity.maxSessionSeconds * 1000;
  app.decorateRequest('customer', null as unknown as Customer);
  app.decorateRequest('session', null as unknown as SessionWindow);
  app.decorateRequest('sessionToken', null as unknown as FastifyRequest['sessionToken']);

  app.decorate(
    'signIn',
    async (customerId: string, signIn: { sessionId?: string; signedInAt?: Date } = {}) => {
      const nowMs = app.now();
      const signedInAt = signIn.signedInAt ?? new Date(nowMs);
      const session = await openSession(
        app.db,
        {
          id: signIn.sessionId ?? newSessionId(),
          customerId,
          signedInAt,
          expiresAt: new Date(signedInAt.getTime() + limitMs),
        },
        new Date(nowMs),
      );
      const expiresAt = Math.floor(session.expiresAt.getTime() / 1000);
      return issueSessionToken(settings, { customerId, sessionId: session.id, expiresAt }, nowMs);
    },
  );
  app.decorate('issueSessionToken', (customerId: string) => app.signIn(customerId));

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = request.headers[JWT_HEADER];
    if (typeof token !== 'string' || token.length === 0) {
      throw AppError.unauthorized(`Header ${JWT_HEADER} is required`);
    }
    const nowMs = app.now();
    const claims = await verifySessionToken(settings, token, nowMs);
    if (!claims) throw AppError.unauthorized('The session token is invalid or expired');
    // One query: the customer, only while its session is open (not revoked by logout, not past its end).
    const found = await findSessionCustomer(app.db, claims, new Date(nowMs));
    if (!found) throw AppError.unauthorized('The session has ended or belongs to no customer');
    request.customer = found.customer;
    request.session = found.session;
    request.sessionToken = { value: token, expiresAt: claims.expiresAt };
  });
}

export default fp(authenticatePlugin, { name: 'authenticate', dependencies: ['database'] });
