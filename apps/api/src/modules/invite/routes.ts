import { customerSuccess } from '@ojo/api-contract/envelope';
import { inviteCodeCheckSchema, inviteInfoSchema } from '@ojo/api-contract/invite';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { secureSecurity } from '../../plugins/openapi';
import { findInviter, getInviteInfo } from './service';

/** spec 8 'Invite code check fails': msgKey 'invalid code' (shown as 'Invalid referral code'). */
export const INVALID_INVITE_CODE_MSG_KEY = 'invalid code';

/** Invite calls of spec 7 (issue 5). */
const inviteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customer/invite',
    { schema: { ...inviteInfoSchema, security: secureSecurity }, preHandler: app.authenticate },
    async (request) => customerSuccess(await getInviteInfo(app.db, request.customer)),
  );

  // A malformed or unknown code is a verdict, not an error: success false with msgKey 'invalid code'.
  app.get('/customer/invite/code/check', { schema: inviteCodeCheckSchema }, async (request) => {
    const inviter = await findInviter(app.db, request.query.inviteCode);
    if (inviter) return customerSuccess(true);
    return { success: false, code: 'INVITE_CODE_INVALID', msgKey: INVALID_INVITE_CODE_MSG_KEY, obj: false };
  });
};

export default inviteRoutes;
