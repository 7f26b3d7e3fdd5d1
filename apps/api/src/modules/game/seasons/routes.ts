import {
  getLaddersRoute,
  getLastSettleRoute,
  getMySeasonSettlesRoute,
  getPropsRoute,
  getRewardCurrentRoute,
  getRewardPrizesRoute,
  getSeasonsRoute,
  getSeasonVerifyRoute,
} from '@ojo/api-contract/game/http';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../../lib/route';
import { optionalUserId } from '../optional-user';
import {
  getLadders,
  getLastSettle,
  getMySeasonSettles,
  getProps,
  getRewardCurrent,
  getRewardPrizes,
  getSeasons,
  getSeasonVerify,
} from './get-season-views';

/** The seasons' calls (packages/api-contract game/http.ts): tickets, prize pools, ladders, settlements, verify. */
export function registerSeasonRoutes(app: FastifyInstance): void {
  registerRoute(app, getPropsRoute, async (request) =>
    getProps(app.db, request.params.id, request.user.id, app.now()),
  );
  registerRoute(app, getRewardCurrentRoute, async (request) =>
    getRewardCurrent(app.db, request.params.a, request.params.b, request.user.id, app.now()),
  );
  registerRoute(app, getRewardPrizesRoute, async (request) =>
    getRewardPrizes(app.db, request.params.a, request.params.b, app.now()),
  );
  registerRoute(app, getLastSettleRoute, async (request) =>
    getLastSettle(app.db, request.query.businessType, request.user.id),
  );
  registerRoute(app, getLaddersRoute, async (request) =>
    getLadders(app.db, request.query, await optionalUserId(app, request), app.now()),
  );
  registerRoute(app, getSeasonsRoute, async () => getSeasons(app.db, app.now()));
  registerRoute(app, getMySeasonSettlesRoute, async (request) =>
    getMySeasonSettles(app.db, request.params.id, request.user.id),
  );
  registerRoute(app, getSeasonVerifyRoute, async (request) => getSeasonVerify(app.db, request.params.id));
}
