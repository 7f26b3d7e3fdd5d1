import { LOGIN_PROVIDERS } from '@ojo/domain/enums';
import { ERROR_CODES } from '@ojo/domain/error-codes';
import { z } from 'zod';
import { MAX } from './bounds';
import { defineRoute } from './route';

/**
 * Old users' social login (product.md 1, 4, 6, 7: POST /customer/login/oauth). The web runs the OpenID Connect
 * authorization-code flow with PKCE against the provider and hands the code to the API, which exchanges it with the
 * client secret, verifies the id token and answers the session jwt of the old-type user.
 */

export const loginProviderSchema = z.enum(LOGIN_PROVIDERS);

/** RFC 7636 section 4.1: 43 to 128 unreserved characters. */
const codeVerifierSchema = z
  .string()
  .max(MAX.key)
  .regex(/^[A-Za-z0-9._~-]{43,128}$/, 'must be a PKCE code verifier');

export const oauthLoginBody = z.object({
  provider: loginProviderSchema,
  /** The authorization code from the callback URL. */
  code: z.string().min(1).max(2048),
  /** The redirect URI sent at /authorize; must be a registered one (the web origin's /auth/callback). */
  redirectUri: z.url().max(2048),
  codeVerifier: codeVerifierSchema,
  /** The nonce sent at /authorize (required: it binds the id token to this login); the id token must carry it. */
  nonce: z.string().min(1).max(512),
});
export type OauthLoginBody = z.infer<typeof oauthLoginBody>;

/** `obj` of a login (product.md 3 "Login response: jwtKey, created"). */
export const loginResultSchema = z
  .object({
    /** Session jwt, sent back in the jwt_token header. */
    jwtKey: z.string().max(MAX.blob),
    /** The user's creation time in milliseconds since the epoch. */
    created: z.number().int(),
  })
  .meta({ id: 'LoginResult' });
export type LoginResult = z.infer<typeof loginResultSchema>;

/** `POST /customer/login/oauth` (product.md 7). */
export const oauthLoginRoute = defineRoute({
  method: 'POST',
  path: '/customer/login/oauth',
  host: 'customer',
  secure: false,
  summary: 'Old-user login with Google, Twitter or Apple (OpenID Connect code + PKCE verifier)',
  description:
    'Exchanges the code at the provider, verifies the id token and answers the session jwt of the old-type ' +
    `user. A locked old account is refused with HTTP 403 and code '${ERROR_CODES.LOGIN_WARNING_POPUP}'.`,
  tags: ['user'],
  body: oauthLoginBody,
  result: loginResultSchema,
  errorStatuses: [401, 403, 502],
});

/** One login provider as the web needs it to start the flow. */
export const oauthProviderInfoSchema = z.object({
  provider: loginProviderSchema,
  displayName: z.string().max(MAX.name),
  issuer: z.string().max(MAX.url),
  /** Where the web sends the browser (from the provider's discovery document). */
  authorizationEndpoint: z.string().max(MAX.url),
  clientId: z.string().max(MAX.name),
  /** The redirect URI to send; the web's callback route. */
  redirectUri: z.string().max(MAX.url),
  scope: z.string().max(MAX.name),
});
export type OauthProviderInfo = z.infer<typeof oauthProviderInfoSchema>;

/** `GET /customer/login/oauth/providers`. */
export const oauthProvidersRoute = defineRoute({
  method: 'GET',
  path: '/customer/login/oauth/providers',
  host: 'customer',
  secure: false,
  summary: 'The usable old-user login providers and how to start their sign-in',
  tags: ['user'],
  result: z.array(oauthProviderInfoSchema).max(MAX.list),
});
