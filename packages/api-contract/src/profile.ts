import { z } from 'zod';
import { errorEnvelope, objEnvelope } from './envelope';

/**
 * The on-chain profile service (spec 7 "Profile: get and create with handle, response has profile_id"; spec 2
 * Create profile). Handles live in the ProfileRegistry contract; the API creates them with its registrar key.
 */

/** `obj` of `GET /profile/whitelist`: reserved handles, refused with 'This handle name is not available. ...'. */
export const profileWhitelist = z.array(z.string()).meta({ id: 'ProfileWhitelist' });

export const profileWhitelistSchema = {
  summary: 'Reserved handles nobody may create',
  tags: ['profile'],
  response: { 200: objEnvelope(profileWhitelist) },
};

export const profile = z.object({ profile_id: z.string(), handle: z.string() }).meta({ id: 'Profile' });
export type Profile = z.infer<typeof profile>;

/**
 * Where the session user's profile stands (spec 4 Profile creation: 'form, then creating, then done or failed
 * (retry)'). `POST /profile` answers `creating` at once; the web polls `GET /profile` until `created` (with
 * `profile_id`) or `failed` (with `failure_code`: HANDLE_TAKEN goes back to the form, anything else is 'Transaction
 * Failed' with Retry).
 */
export const profileStatus = z.enum(['creating', 'created', 'failed']);
export type ProfileStatus = z.infer<typeof profileStatus>;

export const profileRegistration = z
  .object({
    profile_id: z.string().nullable(),
    handle: z.string(),
    status: profileStatus,
    failure_code: z.string().nullable(),
  })
  .meta({ id: 'ProfileRegistration' });
export type ProfileRegistration = z.infer<typeof profileRegistration>;

export const getProfileSchema = {
  summary: "The session user's profile and its creation status, null when none was asked for",
  tags: ['profile'],
  response: { 200: objEnvelope(profileRegistration), 401: errorEnvelope },
};

export const profileByHandle = profile.extend({ owner: z.string() }).meta({ id: 'ProfileByHandle' });

export const profileHandleParams = z.object({ handle: z.string().min(1).max(64) });

export const getProfileByHandleSchema = {
  summary: 'The on-chain profile holding a handle, null when the handle is free',
  tags: ['profile'],
  params: profileHandleParams,
  response: { 200: objEnvelope(profileByHandle), 400: errorEnvelope },
};

/** Body of `POST /profile`; the handle rule is checked by the service (exact spec text on failure). */
export const createProfileBody = z.object({ handle: z.string().max(64) });

export const createProfileSchema = {
  summary:
    "Reserves the handle and starts creating the session user's on-chain profile (a durable job); poll GET /profile",
  tags: ['profile'],
  body: createProfileBody,
  response: {
    202: objEnvelope(profileRegistration),
    400: errorEnvelope,
    401: errorEnvelope,
    403: errorEnvelope,
    409: errorEnvelope,
    429: errorEnvelope,
    503: errorEnvelope,
  },
};
