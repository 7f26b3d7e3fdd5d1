import { createHash, timingSafeEqual } from 'node:crypto';
import { economyReport } from '@ojo/api-contract/economy';
import { errorEnvelope } from '@ojo/api-contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config/env';
import { AppError } from '../../lib/errors';
import { buildEconomyReport } from './build-economy-report';

/** Compares digests, so neither the length nor the content of the token leaks through timing. */
const sameToken = (given: string, expected: string) =>
  timingSafeEqual(
    createHash('sha256').update(given).digest(),
    createHash('sha256').update(expected).digest(),
  );

/**
 * `GET /operator/economy/report` for `npm run economy:report` and operators' tools, with the operator token as a
 * bearer token. Not mounted when no token is configured (production without OPERATOR_TOKEN).
 */
const economyRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  const token = config.operatorToken;
  if (!token) return;
  app.get(
    '/operator/economy/report',
    {
      schema: {
        summary:
          'The economy report: treasury, OJO outstanding, paymaster, refunds, each checked against the chain',
        tags: ['operator'],
        security: [{ operatorToken: [] }],
        response: { 200: economyReport, 401: errorEnvelope },
      },
    },
    async (request) => {
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
      if (!given || !sameToken(given, token)) {
        throw AppError.unauthorized('A valid operator token is required (Authorization: Bearer)');
      }
      return buildEconomyReport(app.db, app.chain, app.prices, config, app.now());
    },
  );
};

export default economyRoutes;
