import { inviteCodeCheckRoute, inviteInfoRoute } from '@ojo/api-contract/invite';
import type { FastifyPluginAsync } from 'fastify';
import { EnvelopeAnswer, registerRoute } from '../../lib/route';
import { findInviter, getInviteInfo } from './service';

/** spec 8 'Invite code check fails': msgKey 'invalid code' (shown as 'Invalid referral code'). */
export const INVALID_INVITE_CODE_MSG_KEY = 'invalid code';

/** Invite calls of spec 7. */
const inviteRoutes: FastifyPluginAsync = async (app) => {
  registerRoute(app, inviteInfoRoute, async (request) => getInviteInfo(app.db, request.customer));

  // A malformed or unknown code is a verdict, not an error: success false with msgKey 'invalid code'.
  registerRoute(app, inviteCodeCheckRoute, async (request) => {
    const inviter = await findInviter(app.db, request.query.inviteCode);
    return inviter
      ? true
      : new EnvelopeAnswer(false, 'INVITE_CODE_INVALID', INVALID_INVITE_CODE_MSG_KEY, false);
  });
};

export default inviteRoutes;
