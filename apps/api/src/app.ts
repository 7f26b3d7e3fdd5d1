import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '@ojo/db/client';
import Fastify, { type FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/env';
import type { JobDefinition } from './jobs/define-job';
import jobsPlugin from './jobs/plugin';
import type { AppEventBus } from './lib/events';
import { createEventBus } from './lib/events';
import { serializeResponse } from './lib/serialize-response';
import { validatorCompiler } from './lib/validator-compiler';
import auditRoutes from './modules/audit/routes';
import { partnerFaucetJob } from './modules/badge/partner-faucet.job';
import badgeRoutes from './modules/badge/routes';
import chainPlugin from './modules/chain/plugin';
import chainRoutes from './modules/chain/routes';
import checkInRoutes from './modules/check-in/routes';
import { paymentRefundJob } from './modules/coin/payment-refund.job';
import coinRoutes from './modules/coin/routes';
import { withdrawPayoutJob } from './modules/coin/withdraw-payout.job';
import economyRoutes from './modules/economy/routes';
import gamePlugin from './modules/game/plugin';
import gameRoutes from './modules/game/routes';
import gasRoutes from './modules/gas/routes';
import healthRoutes from './modules/health/routes';
import identityPlugin from './modules/identity/plugin';
import identityRoutes from './modules/identity/routes';
import indexerPlugin from './modules/indexer/plugin';
import linkedWalletRoutes from './modules/linked-wallet/routes';
import memberRoutes from './modules/member/routes';
import oauthRoutes from './modules/oauth/routes';
import operatorPlugin from './modules/operator/plugin';
import operatorRoutes from './modules/operator/routes';
import pricesPlugin from './modules/prices/plugin';
import { registerProfileJob } from './modules/profile/register-profile.job';
import profileRoutes from './modules/profile/routes';
import referralRoutes from './modules/referral/routes';
import authenticate from './modules/session/plugin';
import sessionRoutes from './modules/session/routes';
import { completeDoTaskJob } from './modules/tasks/complete-do-task.job';
import tasksPlugin from './modules/tasks/plugin';
import tasksRoutes from './modules/tasks/routes';
import userRoutes from './modules/user/routes';
import { devnetFaucetJob } from './modules/wallet/devnet-faucet.job';
import explorerRoutes from './modules/wallet/explorer-routes';
import walletRoutes from './modules/wallet/routes';
import cors from './plugins/cors';
import database from './plugins/database';
import errorHandler, { answerClientError, answerFrameworkError } from './plugins/error-handler';
import openapi from './plugins/openapi';
import rateLimit from './plugins/rate-limit';
import { requireSaasId } from './plugins/saas-id';
import securityHeaders from './plugins/security-headers';

export interface AppDependencies {
  /** An open, migrated database; the caller closes it after `app.close()`. */
  database: DatabaseHandle;
  /** The API's clock in ms since the epoch (tokens, sessions); tests pass one they move. Default: Date.now. */
  clock?: () => number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Now, by the API's clock (ms since the epoch): what token and session expiry are checked against. */
    now: () => number;
    /** Module events (lib/events.ts): one module emits in its transaction, others react without importing it. */
    events: AppEventBus;
  }
}

/**
 * Modules of the product API (product.md 7). Each is `src/modules/<module>/routes.ts`; add new ones here. They run
 * behind the saas_id check; secure routes add `preHandler: app.authenticate`.
 */
const productModules: FastifyPluginAsync<{ config: AppConfig }>[] = [
  identityRoutes,
  chainRoutes,
  userRoutes,
  sessionRoutes,
  referralRoutes,
  profileRoutes,
  gasRoutes,
  tasksRoutes,
  linkedWalletRoutes,
  walletRoutes,
  memberRoutes,
  checkInRoutes,
  badgeRoutes,
  gameRoutes,
  coinRoutes,
];

/** Durable jobs of every module (`src/modules/<module>/*.job.ts`); add new ones here. */
const jobDefinitions: readonly JobDefinition[] = [
  registerProfileJob,
  devnetFaucetJob,
  completeDoTaskJob,
  withdrawPayoutJob,
  paymentRefundJob,
  partnerFaucetJob,
];

const REQUEST_ID_PATTERN = /^[\w.-]{1,64}$/;

/** Builds the API without listening, so tests can `inject` and server.ts can `listen`. */
export async function buildApp(config: AppConfig, dependencies: AppDependencies) {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.jwt_token', 'req.headers.authorization', 'req.headers.cookie'],
    },
    trustProxy: config.trustProxy,
    // Refusals before routing and by Node's HTTP parser answer with the error envelope too.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // Keep a caller's x-request-id when it is sane, so logs across services line up.
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('now', dependencies.clock ?? Date.now);
  app.decorate('events', createEventBus());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializeResponse);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  await app.register(securityHeaders);
  await app.register(database, { database: dependencies.database });
  await app.register(rateLimit, { config });
  await app.register(errorHandler);
  await app.register(cors, { config });
  await app.register(openapi, { config });
  await app.register(authenticate, { config });
  await app.register(operatorPlugin, { config });

  await app.register(healthRoutes, { config });
  // The local devnet's block explorer page ('View more in Scan' offline).
  if (config.localDevnet.isLocalDevnet) await app.register(explorerRoutes, { config });
  // Shared by the product modules: chain access and the identity layer's key (its JWKS is public, outside saas_id).
  await app.register(chainPlugin, { config });
  await app.register(identityPlugin, { config });
  await app.register(indexerPlugin, { config });
  await app.register(pricesPlugin, { config });
  // The operator's report (its own bearer token, no saas_id: operators' tools are not the product's clients).
  await app.register(economyRoutes, { config });
  // The operator console's calls (no saas_id either: the console is no product client; the operator token instead).
  await app.register(operatorRoutes, { config });
  await app.register(auditRoutes, { config });
  await app.register(jobsPlugin, { config, definitions: jobDefinitions });
  // The race's socket (outside saas_id: a browser socket sends no headers) and its round scheduler.
  await app.register(gamePlugin, { config });
  // The Telegram bot's webhook (Telegram sends no saas_id; its secret token is checked instead).
  await app.register(tasksPlugin, { config });
  await app.register(async (product) => {
    product.addHook('onRequest', requireSaasId(config.saasId));
    for (const module of productModules) await product.register(module, { config });
    await product.register(oauthRoutes, { config });
  });

  return app;
}
