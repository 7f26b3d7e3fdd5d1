import { isValidReferralCode } from '@ojo/domain/referral/referral-code';
import { z } from 'zod';
import { MAX } from './bounds';
import { objEnvelope } from './envelope';
import { defineRoute } from './route';

/**
 * The two invite calls of product.md 7 (customer host, `{success, code, msgKey, obj}` envelope).
 */

/**
 * GET /customer/invite/code/check?inviteCode=... (public; also named inviteCodeCheck). The web app reads only
 * `success`: true means the code exists; a failed check answers `success: false` with msgKey 'invalid code'
 * (product.md 8), which the page shows as 'Invalid referral code'.
 */
export const referralCodeCheckQuery = z.object({
  // product.md 5 Referral code: letters and digits only, up to 6.
  inviteCode: z.string().max(MAX.key).refine(isValidReferralCode, { message: 'invalid code' }),
});
export type ReferralCodeCheckQuery = z.infer<typeof referralCodeCheckQuery>;

/** `obj` of a check: true when the code belongs to a player. */
export const referralCodeCheckResult = z.boolean();
export const referralCodeCheckResponse = objEnvelope(referralCodeCheckResult);

/** Invited players per source type (product.md 3 'invitedMap keyed by source type with count'). */
export const referralCount = z.object({ count: z.number().int().nonnegative() });

/**
 * GET /customer/invite (secure): the player's invite info (product.md 3 'Invite info: inviteCode, selected invite code,
 * default invite code, invitedMap keyed by source type with count'). Keys of invitedMap are source types ('web',
 * 'DOJO_DASH', ...); unknown keys are kept so a newer server does not break an older page.
 */
export const referralInfo = z.object({
  inviteCode: z.string().max(MAX.key),
  selectedInviteCode: z.string().max(MAX.key).nullish(),
  defaultInviteCode: z.string().max(MAX.key).nullish(),
  invitedMap: z.record(z.string().max(MAX.key), referralCount),
});
export type ReferralInfo = z.infer<typeof referralInfo>;

/**
 * Query of the route itself: any short string is accepted so a malformed code answers `success: false` with msgKey
 * 'invalid code' like an unknown one, instead of a validation error.
 */
export const referralCodeCheckRouteQuery = z.object({ inviteCode: z.string().max(64).default('') });

/** GET /customer/invite/code/check (product.md 7 inviteCodeCheck). */
export const referralCodeCheckRoute = defineRoute({
  method: 'GET',
  path: '/customer/invite/code/check',
  host: 'customer',
  secure: false,
  summary: 'Whether an invite code belongs to a player',
  tags: ['referral'],
  query: referralCodeCheckRouteQuery,
  result: referralCodeCheckResult,
});

/** GET /customer/invite (secure, product.md 7). */
export const referralInfoRoute = defineRoute({
  method: 'GET',
  path: '/customer/invite',
  host: 'customer',
  secure: true,
  summary: "The session user's invite code and invited players per source type",
  tags: ['referral'],
  result: referralInfo,
});
