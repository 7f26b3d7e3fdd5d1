import { createHash, randomBytes } from 'node:crypto';
import type { LoginProvider } from '@ojo/domain/enums';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { AppConfig } from '../../../src/config/env';
import { localOidcClient } from '../../../src/modules/oauth/provider-settings';

/** What the web does to start a login: a PKCE verifier, its S256 challenge, state and nonce. */
export function newPkce() {
  const codeVerifier = randomBytes(48).toString('base64url');
  return {
    codeVerifier,
    codeChallenge: createHash('sha256').update(codeVerifier).digest('base64url'),
    state: randomBytes(16).toString('base64url'),
    nonce: randomBytes(16).toString('base64url'),
  };
}

export function callbackUri(config: AppConfig): string {
  return `${config.origins.web}/auth/callback`;
}

export function authorizeQuery(
  config: AppConfig,
  provider: LoginProvider,
  pkce: ReturnType<typeof newPkce>,
  overrides: Record<string, string | undefined> = {},
): string {
  const params: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: localOidcClient(config, provider).clientId,
    redirect_uri: callbackUri(config),
    scope: 'openid email profile',
    state: pkce.state,
    nonce: pkce.nonce,
    code_challenge: pkce.codeChallenge,
    code_challenge_method: 'S256',
    ...overrides,
  };
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, value);
  return search.toString();
}

function hiddenField(html: string, name: string): string {
  const match = html.match(new RegExp(`name="${name}" value="([^"]+)"`));
  if (!match?.[1]) throw new Error(`no ${name} field on the page`);
  return match[1];
}

/** Opens the sign-in page like a browser: the page, its form fields and the CSRF cookie. */
export async function openSignInPage(app: FastifyInstance, provider: LoginProvider, query: string) {
  const response = await app.inject({ method: 'GET', url: `/oidc/${provider}/authorize?${query}` });
  expect(response.statusCode).toBe(200);
  const setCookie = String(response.headers['set-cookie'] ?? '');
  const cookie = setCookie.split(';')[0] ?? '';
  return {
    html: response.body,
    headers: response.headers,
    cookie,
    interaction: hiddenField(response.body, 'interaction'),
    csrf: hiddenField(response.body, 'csrf'),
  };
}

/** Clicks a button / submits a form on the sign-in page; answers the raw response. */
export async function submitSignIn(
  app: FastifyInstance,
  provider: LoginProvider,
  page: { cookie: string; interaction: string; csrf: string },
  fields: Record<string, string>,
  options: { cookie?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: `/oidc/${provider}/authorize`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...((options.cookie ?? page.cookie) ? { cookie: options.cookie ?? page.cookie } : {}),
    },
    payload: new URLSearchParams({ interaction: page.interaction, csrf: page.csrf, ...fields }).toString(),
  });
}

/** The full browser part of the flow for one identity: returns the code from the redirect and the PKCE values. */
export async function obtainCode(
  app: FastifyInstance,
  config: AppConfig,
  provider: LoginProvider,
  choice: { subject: string } | { email: string },
  authorizeOverrides: Record<string, string | undefined> = {},
) {
  const pkce = newPkce();
  const page = await openSignInPage(
    app,
    provider,
    authorizeQuery(config, provider, pkce, authorizeOverrides),
  );
  const response = await submitSignIn(app, provider, page, choice);
  expect(response.statusCode).toBe(303);
  const location = new URL(String(response.headers.location));
  expect(location.origin + location.pathname).toBe(callbackUri(config));
  expect(location.searchParams.get('state')).toBe(pkce.state);
  const code = location.searchParams.get('code');
  if (!code) throw new Error(`no code in ${location}`);
  return { code, ...pkce };
}
