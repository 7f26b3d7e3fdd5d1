import {
  memberAssetRoute,
  memberExpansionRoute,
  memberInfoRoute,
  memberSummaryRoute,
  pointLedgersRoute,
} from '@ojo/api-contract/member';
import type { SessionUserRow } from '@ojo/db/open-session';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { registerRoute } from '../../lib/route';
import { readSessionAssetBalances } from './asset-balances';
import { assertOwnMember } from './errors';
import { getMemberInfo } from './get-member-info';
import { getMemberSummary } from './get-member-summary';
import { readSessionPointLedgers } from './get-point-ledgers';
import { updateMemberExpansion } from './member-expansion';

/** The points calls of spec 7: balances, ledger, summary 'me', expansion and member info of the session player. */
const memberRoutes: FastifyPluginAsync = async (app) => {
  /** Hot reads check the session in their own statement, then that the member asked for is the caller. */
  const acceptOwnMember =
    (request: FastifyRequest<{ Params: { id: string } }>) => (row: SessionUserRow | undefined) => {
      app.acceptSession(request, row);
      assertOwnMember(request.user.id, request.params.id);
    };

  registerRoute(
    app,
    pointLedgersRoute,
    async (request) =>
      readSessionPointLedgers(app.db, request.openSession, acceptOwnMember(request), request.query),
    { sessionInRead: true },
  );

  registerRoute(
    app,
    memberAssetRoute,
    async (request) => ({
      assets: await readSessionAssetBalances(app.db, request.openSession, acceptOwnMember(request)),
    }),
    { sessionInRead: true },
  );

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
