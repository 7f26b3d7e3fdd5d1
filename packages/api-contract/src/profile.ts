import { z } from 'zod';
import { customerEnvelope, errorEnvelope } from './envelope';

/**
 * The on-chain profile service (spec 7 "Profile: get and create with handle, response has profile_id"; spec 2
 * Create profile). Handles live in the ProfileRegistry contract; the API creates them with its registrar key.
 */

/** `obj` of `GET /profile/whitelist`: reserved handles, refused with 'This handle name is not available. ...'. */
export const profileWhitelist = z.array(z.string()).meta({ id: 'ProfileWhitelist' });

export const profileWhitelistSchema = {
  summary: 'Reserved handles nobody may create',
  tags: ['profile'],
  response: { 200: customerEnvelope(profileWhitelist) },
};

export const profile = z.object({ profile_id: z.string(), handle: z.string() }).meta({ id: 'Profile' });
export type Profile = z.infer<typeof profile>;

export const getProfileSchema = {
  summary: "The session customer's profile, null when none",
  tags: ['profile'],
  response: { 200: customerEnvelope(profile), 401: errorEnvelope },
};

export const profileByHandle = profile.extend({ owner: z.string() }).meta({ id: 'ProfileByHandle' });

export const profileHandleParams = z.object({ handle: z.string().min(1).max(64) });

export const getProfileByHandleSchema = {
  summary: 'The on-chain profile holding a handle, null when the handle is free',
  tags: ['profile'],
  params: profileHandleParams,
  response: { 200: customerEnvelope(profileByHandle), 400: errorEnvelope },
};

/** Body of `POST /profile`; the handle rule is checked by the service (exact spec text on failure). */
export const createProfileBody = z.object({ handle: z.string().max(64) });

export const createProfileSchema = {
  summary: "Creates the session customer's on-chain profile (ProfileRegistry.createProfileFor)",
  tags: ['profile'],
  body: createProfileBody,
  response: {
    200: customerEnvelope(profile),
    400: errorEnvelope,
    401: errorEnvelope,
    403: errorEnvelope,
    409: errorEnvelope,
    503: errorEnvelope,
  },
};
