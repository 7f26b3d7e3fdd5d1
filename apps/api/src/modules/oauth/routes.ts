import { type OauthProviderInfo, oauthLoginRoute, oauthProvidersRoute } from '@ojo/api-contract/oauth';
import { LOGIN_PROVIDERS } from '@ojo/domain/enums';
import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config/env';
import { registerRoute } from '../../lib/route';
import { authRateLimit } from '../../plugins/rate-limit';
import { oauthErrors } from './errors';
import { OidcRelyingParty } from './oidc-client';
import { PROVIDER_DISPLAY_NAMES, resolveOidcProviders, webRedirectUris } from './provider-settings';
import { assertOldLoginAllowed, findOrCreateOldUser } from './service';

const SCOPE = 'openid email profile';

/** Old users' social login (product.md 1, 4, 6, 7): the API as OpenID Connect client of Google, Twitter, Apple. */
const oauthRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  const providers = resolveOidcProviders(config);
  const redirectUris = webRedirectUris(config);
  const relyingParty = new OidcRelyingParty();

  registerRoute(app, oauthProvidersRoute, async () => {
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
    return list;
  });

  registerRoute(
    app,
    oauthLoginRoute,
    async (request) => {
      const { provider, code, redirectUri, codeVerifier, nonce } = request.body;
      const settings = providers[provider];
      if (!settings) {
        throw oauthErrors.providerDisabled(PROVIDER_DISPLAY_NAMES[provider]);
      }
      if (!redirectUris.includes(redirectUri)) {
        throw oauthErrors.redirectUriNotAllowed(redirectUris);
      }
      const identity = await relyingParty.login(settings, { code, redirectUri, codeVerifier, nonce });
      const user = await findOrCreateOldUser(app.db, provider, identity.subject, {
        autoCreate: config.oidc.autoCreateOldUsers,
      });
      await assertOldLoginAllowed(app.db, user);
      return {
        jwtKey: await app.issueSessionToken(user.id),
        created: user.createdAt.getTime(),
      };
    },
    { config: { rateLimit: authRateLimit(config) } },
  );
};

export default oauthRoutes;
