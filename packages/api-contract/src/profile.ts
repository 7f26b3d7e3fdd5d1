import { z } from 'zod';
import { MAX } from './bounds';
import { defineRoute } from './route';

/**
 * The on-chain profile service (product.md 7 "Profile: get and create with handle, response has profile_id"; product.md 2
 * Create profile). Handles live in the ProfileRegistry contract; the API creates them with its registrar key.
 */

/** `obj` of `GET /profile/whitelist`: reserved handles, refused with 'This handle name is not available. ...'. */
export const profileWhitelist = z
  .array(z.string().max(MAX.key))
  .max(MAX.list)
  .meta({ id: 'ProfileWhitelist' });

/** `GET /profile/whitelist`. */
export const profileWhitelistRoute = defineRoute({
  method: 'GET',
  path: '/profile/whitelist',
  host: 'customer',
  secure: false,
  summary: 'Reserved handles nobody may create',
  tags: ['profile'],
  result: profileWhitelist,
});

export const profile = z
  .object({ profile_id: z.string().max(MAX.key), handle: z.string().max(MAX.key) })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profile>;

/**
 * Where the session user's profile stands (product.md 4 Profile creation: 'form, then creating, then done or failed
 * (retry)'). `POST /profile` answers `creating` at once; the web polls `GET /profile` until `created` (with
 * `profile_id`) or `failed` (with `failure_code`: HANDLE_TAKEN goes back to the form, anything else is 'Transaction
 * Failed' with Retry).
 */
export const profileStatus = z.enum(['creating', 'created', 'failed']);
export type ProfileStatus = z.infer<typeof profileStatus>;

export const profileRegistration = z
  .object({
    profile_id: z.string().max(MAX.key).nullable(),
    handle: z.string().max(MAX.name),
    status: profileStatus,
    failure_code: z.string().max(MAX.key).nullable(),
  })
  .meta({ id: 'ProfileRegistration' });
export type ProfileRegistration = z.infer<typeof profileRegistration>;

/** `GET /profile` (secure). */
export const getProfileRoute = defineRoute({
  method: 'GET',
  path: '/profile',
  host: 'customer',
  secure: true,
  summary: "The session user's profile and its creation status, null when none was asked for",
  tags: ['profile'],
  result: profileRegistration.nullable(),
});

export const profileByHandle = profile
  .extend({ owner: z.string().max(MAX.key) })
  .meta({ id: 'ProfileByHandle' });

export const profileHandleParams = z.object({ handle: z.string().min(1).max(64) });

/** `GET /profile/handle/:handle`. */
export const getProfileByHandleRoute = defineRoute({
  method: 'GET',
  path: '/profile/handle/:handle',
  host: 'customer',
  secure: false,
  summary: 'The on-chain profile holding a handle, null when the handle is free',
  tags: ['profile'],
  params: profileHandleParams,
  result: profileByHandle.nullable(),
});

/** Body of `POST /profile`; the handle rule is checked by the service (exact spec text on failure). */
export const createProfileBody = z.object({ handle: z.string().max(64) });

/** `POST /profile` (secure): 202 while the job registers the profile. */
export const createProfileRoute = defineRoute({
  method: 'POST',
  path: '/profile',
  host: 'customer',
  secure: true,
  summary:
    "Reserves the handle and starts creating the session user's on-chain profile (a durable job); poll GET /profile",
  tags: ['profile'],
  body: createProfileBody,
  result: profileRegistration,
  successStatus: 202,
  errorStatuses: [403, 409, 503],
});
