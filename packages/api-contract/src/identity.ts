import { z } from 'zod';
import { MAX } from './bounds';
import { defineRoute } from './route';

/**
 * Identity layer (ARCHITECTURE.md (Accounts and sign-in)): Sign-In with Ethereum (EIP-4361) against the API issues an id
 * token (ES256 JWT) that `POST /customer/login` and `POST /customer/bind` accept. Keys are published as JWKS.
 */

/** `obj` of `GET /identity/siwe/nonce`: put it in the SIWE message; valid 10 minutes, single use. */
export const siweNonceResult = z.object({ nonce: z.string().max(MAX.key) }).meta({ id: 'SiweNonce' });
export type SiweNonceResult = z.infer<typeof siweNonceResult>;

/** `GET /identity/siwe/nonce`. */
export const siweNonceRoute = defineRoute({
  method: 'GET',
  path: '/identity/siwe/nonce',
  host: 'customer',
  secure: false,
  summary: 'A fresh SIWE nonce (10 minutes, single use)',
  tags: ['identity'],
  result: siweNonceResult,
});

/** Body of `POST /identity/siwe/verify`: the EIP-4361 message exactly as signed and its signature. */
export const siweVerifyBody = z.object({
  message: z.string().min(1).max(4096),
  signature: z
    .string()
    .regex(/^0x([0-9a-fA-F]{2})*$/, 'must be 0x-prefixed hex')
    .max(20_000),
});
export type SiweVerifyBody = z.infer<typeof siweVerifyBody>;

/** An id token and its expiry (ms since the epoch). */
export const idTokenResult = z
  .object({ idToken: z.string().max(MAX.blob), expiresAt: z.number().int() })
  .meta({ id: 'IdToken' });
export type IdTokenResult = z.infer<typeof idTokenResult>;

/** `POST /identity/siwe/verify`. */
export const siweVerifyRoute = defineRoute({
  method: 'POST',
  path: '/identity/siwe/verify',
  host: 'customer',
  secure: false,
  summary: 'Verifies a signed SIWE message and answers an id token',
  tags: ['identity'],
  body: siweVerifyBody,
  result: idTokenResult,
  errorStatuses: [401],
});

/**
 * Body of `POST /identity/refresh`: a valid, unexpired id token. The new token keeps the original SIWE sign-in time
 * (`auth_time`); once that is older than the session limit (IDENTITY_MAX_SESSION_SECONDS, default 7 days, product.md 9)
 * renewal answers 401 `identity.session.expired` and the person signs in again.
 */
export const idTokenRefreshBody = z.object({ idToken: z.string().min(1).max(4096) });

/** `POST /identity/refresh`. */
export const idTokenRefreshRoute = defineRoute({
  method: 'POST',
  path: '/identity/refresh',
  host: 'customer',
  secure: false,
  summary: 'Renews a valid id token (product.md 4: renewal when under 1200 s remain)',
  description:
    'Answers a new id token with the same auth_time. 401 identity.token.invalid for an invalid or expired token, ' +
    '401 identity.session.expired once the sign-in (auth_time) is older than the session limit.',
  tags: ['identity'],
  body: idTokenRefreshBody,
  result: idTokenResult,
  errorStatuses: [401],
});

/** A public JWK of the id token key (EC P-256). */
export const publicJwk = z.looseObject({
  kty: z.string().max(MAX.key),
  crv: z.string().max(MAX.key).optional(),
  x: z.string().max(MAX.key).optional(),
  y: z.string().max(MAX.key).optional(),
  kid: z.string().max(MAX.key),
  alg: z.string().max(MAX.key),
  use: z.string().max(MAX.key),
});
export const jwksDocument = z.object({ keys: z.array(publicJwk).max(MAX.list) }).meta({ id: 'Jwks' });

export const jwksSchema = {
  summary: 'Public keys of the id token (JWKS)',
  tags: ['identity'],
  security: [],
  response: { 200: jwksDocument },
};

export const openIdConfiguration = z
  .looseObject({
    issuer: z.string().max(MAX.url),
    jwks_uri: z.string().max(MAX.url),
    id_token_signing_alg_values_supported: z.array(z.string().max(MAX.key)).max(MAX.list),
    subject_types_supported: z.array(z.string().max(MAX.key)).max(MAX.list),
    response_types_supported: z.array(z.string().max(MAX.key)).max(MAX.list),
    claims_supported: z.array(z.string().max(MAX.key)).max(MAX.list),
  })
  .meta({ id: 'OpenIdConfiguration' });

export const openIdConfigurationSchema = {
  summary: 'Discovery document of the identity layer',
  tags: ['identity'],
  security: [],
  response: { 200: openIdConfiguration },
};
