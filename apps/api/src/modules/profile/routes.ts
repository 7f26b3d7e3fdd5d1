import { customerSuccess } from '@ojo/api-contract/envelope';
import {
  createProfileSchema,
  getProfileByHandleSchema,
  getProfileSchema,
  profileWhitelistSchema,
} from '@ojo/api-contract/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config/env';
import { secureSecurity } from '../../plugins/openapi';
import { createProfile, findProfileByHandle, storedProfile } from './service';

/** The on-chain profile service (spec 7) and the reserved-handle list (spec 5). */
const profileRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  app.get('/profile/whitelist', { schema: profileWhitelistSchema }, async () =>
    customerSuccess([...config.reservedHandles]),
  );

  app.get(
    '/profile',
    { schema: { ...getProfileSchema, security: secureSecurity }, preHandler: app.authenticate },
    async (request) => customerSuccess(storedProfile(request.customer)),
  );

  app.get('/profile/handle/:handle', { schema: getProfileByHandleSchema }, async (request) =>
    customerSuccess(await findProfileByHandle(app.chain, request.params.handle)),
  );

  app.post(
    '/profile',
    { schema: { ...createProfileSchema, security: secureSecurity }, preHandler: app.authenticate },
    async (request) =>
      customerSuccess(
        await createProfile(app.db, app.chain, config.reservedHandles, request.customer, request.body.handle),
      ),
  );
};

export default profileRoutes;
