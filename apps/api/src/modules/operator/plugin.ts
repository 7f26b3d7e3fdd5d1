import type { Operator } from '@ojo/db/schema/operators';
import { type OperatorRole, roleAllows } from '@ojo/domain/operator/roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config/env';
import { verifySessionToken } from '../session/session-token';
import { operatorErrors } from './errors';
import { findSessionOperator, type OperatorSessionWindow } from './operator-sessions';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The preHandler of a console call that requires `role`: checks the operator token (its own audience: a player's
     * token is refused), its session (open, not revoked: read on every call) and the operator's role, and sets
     * `request.operator`; or answers 401 (no valid session) or 403 (the role is not enough).
     */
    authorizeOperator: (role: OperatorRole) => (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    /** The operator of a console call; set only on routes that require a role. */
    operator: Operator;
    /** The operator's console session; set with `operator`. */
    operatorSession: OperatorSessionWindow;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]+)$/;

/** The operator module's role check of console calls, registered by the module that owns operators. */
async function operatorPlugin(app: FastifyInstance, options: { config: AppConfig }): Promise<void> {
  const { config } = options;
  const settings = { ...config.jwt, audience: config.operator.audience };
  app.decorateRequest('operator', null as unknown as Operator);
  app.decorateRequest('operatorSession', null as unknown as OperatorSessionWindow);

  app.decorate('authorizeOperator', (required: OperatorRole) => async (request: FastifyRequest) => {
    const nowMs = app.now();
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!token) throw operatorErrors.sessionRequired();
    const claims = await verifySessionToken(settings, token, nowMs);
    if (!claims) throw operatorErrors.sessionRequired('The operator token is invalid or expired');
    const found = await findSessionOperator(
      app.db,
      { sessionId: claims.sessionId, operatorId: claims.userId },
      new Date(nowMs),
    );
    if (!found) throw operatorErrors.sessionRequired('The console session has ended');
    if (!roleAllows(found.operator.role, required)) throw operatorErrors.notAllowed(required);
    request.operator = found.operator;
    request.operatorSession = found.session;
  });
}

export default fp(operatorPlugin, { name: 'authorize-operator', dependencies: ['database'] });
