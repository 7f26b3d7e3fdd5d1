import { referralCodeCheckRoute, referralInfoRoute } from '@ojo/api-contract/referral';
import type { FastifyPluginAsync } from 'fastify';
import { EnvelopeAnswer, registerRoute } from '../../lib/route';
import { getReferralInfo, referralCodeExists } from './service';

/** product.md 8 'Referral code check fails': msgKey 'invalid code' (shown as 'Invalid referral code'). */
export const INVALID_REFERRAL_CODE_MSG_KEY = 'invalid code';

/** Referral calls of product.md 7. */
const referralRoutes: FastifyPluginAsync = async (app) => {
  registerRoute(app, referralInfoRoute, async (request) => getReferralInfo(app.db, request.user));

  // A malformed or unknown code is a verdict, not an error: success false with msgKey 'invalid code'.
  registerRoute(app, referralCodeCheckRoute, async (request) => {
    return (await referralCodeExists(app.db, request.query.inviteCode))
      ? true
      : new EnvelopeAnswer(false, 'INVITE_CODE_INVALID', INVALID_REFERRAL_CODE_MSG_KEY, false);
  });
};

export default referralRoutes;
