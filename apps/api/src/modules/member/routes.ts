import {
  memberAssetRoute,
  memberExpansionRoute,
  memberInfoRoute,
  memberSummaryRoute,
  pointLedgersRoute,
} from '@ojo/api-contract/member';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../lib/route';
import { readAssetBalances } from './asset-balances';
import { assertOwnMember } from './errors';
import { getMemberInfo } from './get-member-info';
import { getMemberSummary } from './get-member-summary';
import { getPointLedgers } from './get-point-ledgers';
import { updateMemberExpansion } from './member-expansion';

/** The points calls of product.md 7: balances, ledger, summary 'me', expansion and member info of the session player. */
const memberRoutes: FastifyPluginAsync = async (app) => {
  registerRoute(app, pointLedgersRoute, async (request) => {
    assertOwnMember(request.user.id, request.params.id);
    return getPointLedgers(app.db, request.user.id, request.query);
  });

  registerRoute(app, memberAssetRoute, async (request) => {
    assertOwnMember(request.user.id, request.params.id);
    return { assets: await readAssetBalances(app.db, request.user.id) };
  });

  registerRoute(app, memberSummaryRoute, async (request) =>
    getMemberSummary(app.db, request.user.id, request.query.businessType),
  );

  registerRoute(app, memberExpansionRoute, async (request) => {
    assertOwnMember(request.user.id, request.params.id);
    return updateMemberExpansion(app.db, request.user.id, request.body);
  });

  registerRoute(app, memberInfoRoute, async (request) => getMemberInfo(app.db, request.user));
};

export default memberRoutes;
