import { checkInRoute, checkInStatusRoute } from '@ojo/api-contract/check-in';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../lib/route';
import { checkIn } from './check-in';
import { getCheckInStatus } from './get-check-in-status';

/** The daily check-in of product.md 7 (task 411010): status and check-in of the session player, on the API's clock. */
const checkInRoutes: FastifyPluginAsync = async (app) => {
  registerRoute(app, checkInStatusRoute, async (request) =>
    getCheckInStatus(app.db, request.user.id, app.now()),
  );
  registerRoute(app, checkInRoute, async (request) => checkIn(app.db, request.user.id, app.now()));
};

export default checkInRoutes;
