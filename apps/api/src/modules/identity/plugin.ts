import { jwksSchema, openIdConfigurationSchema } from '@ojo/api-contract/identity';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Address } from 'viem';
import type { AppConfig } from '../../config/env';
import { newSessionId } from '../session/sessions';
import {
  type IdTokenClaims,
  type IdTokenSettings,
  type IssueOptions,
  issueIdToken,
  verifyIdToken,
} from './id-token';
import { ID_TOKEN_ALGORITHM, type IdentityKeys, loadIdentityKeys } from './identity-keys';

export interface IdentityService {
  keys: IdentityKeys;
  settings: IdTokenSettings;
  /**
   * Signs an id token at the API's clock; `options.authTime` and `options.sessionId` carry the original SIWE sign-in
   * and its session through renewals (default: a fresh sign-in with a new session).
   */
  issue(address: Address, options?: IssueOptions): Promise<{ idToken: string; expiresAt: number }>;
  /** The claims of a valid id token of this API, or null. */
  verify(idToken: string): Promise<IdTokenClaims | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The identity layer's key and id token functions. */
    identity: IdentityService;
  }
}

export const JWKS_PATH = '/identity/.well-known/jwks.json';
export const OPENID_CONFIGURATION_PATH = '/identity/.well-known/openid-configuration';

/**
 * Loads the id token key and publishes it. The two discovery documents are public like any JWKS: relying parties
 * fetch them without the product's saas_id header, so they sit outside the product scope.
 */
async function identityPlugin(app: FastifyInstance, options: { config: AppConfig }): Promise<void> {
  const { config } = options;
  const keys = await loadIdentityKeys({ dataDir: config.dataDir, privateJwk: config.identity.privateJwk });
  const settings: IdTokenSettings = {
    issuer: config.publicUrl,
    audience: config.identity.clientId,
    maxSessionSeconds: config.identity.maxSessionSeconds,
  };
  app.decorate('identity', {
    keys,
    settings,
    issue: (address, issueOptions = {}) =>
      issueIdToken(keys, settings, address, {
        ...issueOptions,
        sessionId: issueOptions.sessionId ?? newSessionId(),
        nowMs: app.now(),
      }),
    verify: (idToken) => verifyIdToken(keys, settings, idToken, app.now()),
  } satisfies IdentityService);

  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(JWKS_PATH, { schema: jwksSchema }, async () => ({ keys: [keys.publicJwk] }));
  routes.get(OPENID_CONFIGURATION_PATH, { schema: openIdConfigurationSchema }, async () => ({
    issuer: settings.issuer,
    jwks_uri: `${settings.issuer}${JWKS_PATH}`,
    id_token_signing_alg_values_supported: [ID_TOKEN_ALGORITHM],
    subject_types_supported: ['public'],
    response_types_supported: ['id_token'],
    claims_supported: ['iss', 'sub', 'aud', 'exp', 'iat', 'auth_time', 'sid'],
  }));
}

export default fp(identityPlugin, { name: 'identity' });
