import { objSuccess } from '@ojo/api-contract/envelope';
import {
  OAUTH_MSG_KEYS,
  type OauthProviderInfo,
  oauthLoginSchema,
  oauthProvidersSchema,
} from '@ojo/api-contract/oauth';
import { LOGIN_PROVIDERS } from '@ojo/domain/enums';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config/env';
import { AppError } from '../../lib/errors';
import { publicSecurity } from '../../plugins/openapi';
import { authRateLimit } from '../../plugins/rate-limit';
import { fetchFor, OidcRelyingParty } from './oidc-client';
import { PROVIDER_DISPLAY_NAMES, resolveOidcProviders, webRedirectUris } from './provider-settings';
import { assertOldLoginAllowed, findOrCreateOldUser } from './service';

const SCOPE = 'openid email profile';

/** Old users' social login (spec points 1, 4, 6, 7): the API as OpenID Connect client of Google, Twitter, Apple. */
const oauthRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  const providers = resolveOidcProviders(config);
  const redirectUris = webRedirectUris(config);
  const relyingParty = new OidcRelyingParty(fetchFor(app, config.publicUrl));

  app.get(
    '/customer/login/oauth/providers',
    { schema: { ...oauthProvidersSchema, security: publicSecurity } },
    async () => {
      const list: OauthProviderInfo[] = [];
      for (const provider of LOGIN_PROVIDERS) {
        const settings = providers[provider];
        if (!settings) continue;
        try {
          list.push({
            provider,
            displayName: PROVIDER_DISPLAY_NAMES[provider],
            issuer: settings.issuer,
            authorizationEndpoint: await relyingParty.authorizationEndpoint(settings),
            clientId: settings.clientId,
            redirectUri: redirectUris[0] ?? '',
            scope: SCOPE,
          });
        } catch (error) {
          // One unreachable provider must not hide the others.
          app.log.warn({ err: error, provider }, 'OpenID provider discovery failed');
        }
      }
      return objSuccess(list);
    },
  );

  app.post(
    '/customer/login/oauth',
    {
      schema: { ...oauthLoginSchema, security: publicSecurity },
      config: { rateLimit: authRateLimit(config) },
    },
    async (request) => {
      const { provider, code, redirectUri, codeVerifier, nonce } = request.body;
      const settings = providers[provider];
      if (!settings) {
        throw new AppError(
          400,
          'OAUTH_PROVIDER_DISABLED',
          OAUTH_MSG_KEYS.providerDisabled,
          `Login with ${PROVIDER_DISPLAY_NAMES[provider]} is not configured`,
        );
      }
      if (!redirectUris.includes(redirectUri)) {
        throw new AppError(
          400,
          'BAD_REQUEST',
          OAUTH_MSG_KEYS.redirectUriNotAllowed,
          `redirectUri must be one of: ${redirectUris.join(', ')}`,
        );
      }
      const identity = await relyingParty.login(settings, { code, redirectUri, codeVerifier, nonce });
      const user = await findOrCreateOldUser(app.db, provider, identity.subject, {
        autoCreate: config.oidc.autoCreateOldUsers,
      });
      await assertOldLoginAllowed(app.db, user);
      return objSuccess({
        jwtKey: await app.issueSessionToken(user.id),
        created: user.createdAt.getTime(),
      });
    },
  );
};

export default oauthRoutes;
