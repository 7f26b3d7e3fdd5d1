import {
  createProfileRoute,
  getProfileByHandleRoute,
  getProfileRoute,
  profileWhitelistRoute,
} from '@ojo/api-contract/profile';
import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config/env';
import { registerRoute } from '../../lib/route';
import { createProfile } from './create-profile';
import { findProfileByHandle, getProfile } from './get-profile';

/** The on-chain profile service (product.md 7) and the reserved-handle list (product.md 5). */
const profileRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  registerRoute(app, profileWhitelistRoute, async () => [...config.reservedHandles]);

  registerRoute(app, getProfileRoute, async (request) => getProfile(app.db, request.user));

  registerRoute(app, getProfileByHandleRoute, async (request) =>
    findProfileByHandle(app.chain, request.params.handle),
  );

  // 202: the handle is reserved and its registration job enqueued; GET /profile tells when it is on chain.
  registerRoute(app, createProfileRoute, async (request) => {
    const registration = await createProfile(
      app.db,
      app.chain,
      { reservedHandles: config.reservedHandles, budget: config.profileBudget },
      request.user,
      request.body.handle,
      // The client address as rate limits see it (Fastify's request.ip under TRUST_PROXY).
      request.ip,
    );
    app.jobs.wake();
    return registration;
  });
};

export default profileRoutes;
