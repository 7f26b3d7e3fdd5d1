import { createHash, randomBytes } from 'node:crypto';
import { LOGIN_PROVIDERS, type LoginProvider } from '@ojo/domain/enums';
import { loadStandInsConfig } from '@ojo/stand-ins/config';
import { OidcBrowser } from '@ojo/stand-ins/oidc-browser';
import { type StandIns, startStandIns } from '@ojo/stand-ins/server';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { AppConfig } from '../../../src/config/env';
import { TEST_SAAS_ID } from '../../helpers';
import { WEB_ORIGIN } from '../../support/identity';

/** The Google, Twitter and Apple stand-ins on a free port, registering the web app's callback at WEB_ORIGIN. */
export function startOidcStandIns(): Promise<StandIns> {
  return startStandIns(
    loadStandInsConfig({ STAND_INS_PORT: '0', WEB_ORIGIN, STAND_INS_COINBASE_TRADE_MS: '0' }),
  );
}

/** The API's OIDC_<PROVIDER>_* variables for running stand-ins (what scripts/lib/stack.mjs sets). */
export function oidcEnv(standIns: StandIns): Record<string, string> {
  const clients = loadStandInsConfig({}).oidc;
  return Object.fromEntries(
    LOGIN_PROVIDERS.flatMap((provider) => {
      const name = `OIDC_${provider.toUpperCase()}`;
      return [
        [`${name}_ISSUER`, standIns.oidc.issuers[provider].issuer],
        [`${name}_CLIENT_ID`, clients[provider].clientId],
        [`${name}_CLIENT_SECRET`, clients[provider].clientSecret],
      ];
    }),
  );
}

export function callbackUri(config: AppConfig): string {
  return `${config.origins.web}/auth/callback`;
}

/**
 * What the web does for one login, over real HTTP to the stand-in: the provider from the API's list, a PKCE
 * verifier, state and nonce, the sign-in page's choice; answers the code from the callback and the PKCE values.
 */
export async function obtainCode(
  app: FastifyInstance,
  provider: LoginProvider,
  choice: { subject: string } | { email: string },
  authorizeOverrides: Record<string, string | undefined> = {},
) {
  const listed = await app.inject({
    method: 'GET',
    url: '/customer/login/oauth/providers',
    headers: { saas_id: TEST_SAAS_ID },
  });
  const info = (listed.json().obj as Record<string, string>[]).find((entry) => entry.provider === provider);
  if (!info) throw new Error(`${provider} is not listed`);
  const codeVerifier = randomBytes(48).toString('base64url');
  const pkce = {
    codeVerifier,
    state: randomBytes(16).toString('base64url'),
    nonce: randomBytes(16).toString('base64url'),
  };
  const params: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: info.clientId,
    redirect_uri: info.redirectUri,
    scope: info.scope,
    state: pkce.state,
    nonce: pkce.nonce,
    code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...authorizeOverrides,
  };
  const url = new URL(info.authorizationEndpoint ?? '');
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(key, value);
  const { callback } = await new OidcBrowser().signIn(url.href, choice);
  expect(callback.origin + callback.pathname).toBe(info.redirectUri);
  expect(callback.searchParams.get('state')).toBe(pkce.state);
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`no code in ${callback}`);
  return { code, ...pkce };
}
