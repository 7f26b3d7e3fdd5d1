import { objSuccess } from '@ojo/api-contract/envelope';
import {
  createProfileSchema,
  getProfileByHandleSchema,
  getProfileSchema,
  profileWhitelistSchema,
} from '@ojo/api-contract/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config/env';
import { secureSecurity } from '../../plugins/openapi';
import { createProfile } from './create-profile';
import { findProfileByHandle, getProfile } from './get-profile';

/** The on-chain profile service (spec 7) and the reserved-handle list (spec 5). */
const profileRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  app.get('/profile/whitelist', { schema: profileWhitelistSchema }, async () =>
    objSuccess([...config.reservedHandles]),
  );

  app.get(
    '/profile',
    { schema: { ...getProfileSchema, security: secureSecurity }, preHandler: app.authenticate },
    async (request) => objSuccess(await getProfile(app.db, request.user)),
  );

  app.get('/profile/handle/:handle', { schema: getProfileByHandleSchema }, async (request) =>
    objSuccess(await findProfileByHandle(app.chain, request.params.handle)),
  );

  // 202: the handle is reserved and its registration job enqueued; GET /profile tells when it is on chain.
  app.post(
    '/profile',
    { schema: { ...createProfileSchema, security: secureSecurity }, preHandler: app.authenticate },
    async (request, reply) => {
      const registration = await createProfile(
        app.db,
        app.chain,
        { reservedHandles: config.reservedHandles, budget: config.profileBudget },
        request.user,
        request.body.handle,
      );
      app.jobs.wake();
      return reply.code(202).send(objSuccess(registration));
    },
  );
};

export default profileRoutes;
