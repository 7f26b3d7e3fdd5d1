import {
  addOperatorRoute,
  changeOperatorRoleRoute,
  consoleNonceRoute,
  consoleSessionRoute,
  consoleSignInRoute,
  consoleSignOutRoute,
  listOperatorsRoute,
  removeOperatorRoute,
  revokeOperatorSessionsRoute,
} from '@ojo/api-contract/operator';
import type { Operator } from '@ojo/db/schema/operators';
import type { FastifyPluginAsync } from 'fastify';
import type { Hex } from 'viem';
import type { AppConfig } from '../../config/env';
import { registerRoute } from '../../lib/route';
import { authRateLimit } from '../../plugins/rate-limit';
import { createNonce, NONCE_PURPOSE } from '../identity/nonces';
import { addOperator } from './add-operator';
import { changeOperatorRole } from './change-operator-role';
import { auditStateOf, listOperators, operatorViewOf } from './operators';
import { removeOperator } from './remove-operator';
import { revokeSessionsOfOperator, signOutOperator } from './revoke-operator-session';
import { signInOperator } from './sign-in-operator';

const actorOf = (operator: Operator) => ({
  id: operator.id,
  operatorId: operator.id,
  operatorAddress: auditStateOf(operator).address,
});

/**
 * The console's sign-in, session and operators calls (docs/console.md). Each declares its role in api-contract;
 * `registerRoute` runs the role check before the handler. Sign-in is rate-limited like the player's login.
 */
const operatorRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  const limited = { config: { rateLimit: authRateLimit(config) } };

  registerRoute(
    app,
    consoleNonceRoute,
    async () => ({
      nonce: await createNonce(app.db, { purpose: NONCE_PURPOSE.operatorSiwe }),
      chainId: config.chain.chainId,
    }),
    limited,
  );

  registerRoute(
    app,
    consoleSignInRoute,
    async (request) =>
      signInOperator(
        app.db,
        app.chain.publicClient,
        config,
        { message: request.body.message, signature: request.body.signature as Hex },
        app.now(),
      ),
    limited,
  );

  registerRoute(app, consoleSessionRoute, async (request) => ({
    operator: operatorViewOf(request.operator, config.operator),
    expiresAt: request.operatorSession.expiresAt.getTime(),
  }));

  registerRoute(app, consoleSignOutRoute, async (request) => {
    await signOutOperator(
      app.db,
      actorOf(request.operator),
      { operatorId: request.operator.id, sessionId: request.operatorSession.id },
      new Date(app.now()),
    );
    return null;
  });

  registerRoute(app, listOperatorsRoute, async () => ({
    operators: (await listOperators(app.db)).map((row) => operatorViewOf(row, config.operator)),
  }));

  registerRoute(app, addOperatorRoute, async (request) =>
    addOperator(app.db, config.operator, actorOf(request.operator), request.body),
  );

  registerRoute(app, changeOperatorRoleRoute, async (request) =>
    changeOperatorRole(
      app.db,
      config.operator,
      actorOf(request.operator),
      { id: request.params.id, role: request.body.role },
      new Date(app.now()),
    ),
  );

  registerRoute(app, removeOperatorRoute, async (request) => {
    await removeOperator(app.db, config.operator, actorOf(request.operator), request.params.id);
    return null;
  });

  registerRoute(app, revokeOperatorSessionsRoute, async (request) =>
    revokeSessionsOfOperator(app.db, actorOf(request.operator), request.params.id, new Date(app.now())),
  );
};

export default operatorRoutes;
