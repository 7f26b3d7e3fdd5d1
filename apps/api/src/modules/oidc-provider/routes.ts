// Hand-written: oidc-provider v9 declares Node 20 unsupported (warns at import); swap it in on Node 22.
import { randomBytes } from 'node:crypto';
import { LOGIN_PROVIDERS, type LoginProvider } from '@ojo/domain/enums';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/env';
import {
  type LocalOidcClient,
  localIssuer,
  localOidcClient,
  PROVIDER_DISPLAY_NAMES,
} from '../oauth/provider-settings';
import { renderErrorPage, renderSignInPage } from './authorize-page';
import {
  type AuthorizationRequest,
  identityForEmail,
  issueCode,
  issueTokens,
  OAuthError,
  readInteraction,
  readUserinfo,
  redeemCode,
  safeEqual,
  signInteraction,
  testIdentitiesOf,
} from './service';
import { ID_TOKEN_ALGORITHM, loadSigningKey, type ProviderSigningKey } from './signing-keys';

const CSRF_COOKIE = 'ojo_oidc_csrf';
const CODE_CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const EMAIL_PATTERN = /^[^\s@<>"'()[\]\\,;:]+@[^\s@<>"'()[\]\\,;:]+\.[^\s@<>"'()[\]\\,;:]+$/;
const MAX_PARAM_LENGTH = 512;
const routeSchema = (summary: string) => ({ tags: ['oidc-provider'], summary, security: [] });

type Params = Record<string, unknown>;

function stringParam(params: Params, name: string): string | undefined {
  const value = params[name];
  return typeof value === 'string' && value.length > 0 && value.length <= 2048 ? value : undefined;
}

function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

function withParams(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}

function sendHtml(reply: FastifyReply, statusCode: number, html: string, formActions = "'self'") {
  return reply
    .status(statusCode)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'DENY')
    .header('x-content-type-options', 'nosniff')
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; form-action ${formActions}; frame-ancestors 'none'; base-uri 'none'`,
    )
    .send(html);
}

function sendOAuthError(reply: FastifyReply, error: OAuthError) {
  if (error.statusCode === 401) reply.header('www-authenticate', 'Basic realm="oidc", charset="UTF-8"');
  return reply
    .status(error.statusCode)
    .header('cache-control', 'no-store')
    .send({ error: error.error, error_description: error.description });
}

/**
 * Client authentication at the token endpoint (OpenID Connect Core 9): client_secret_basic or client_secret_post,
 * never both. Returns the authenticated client id or throws invalid_client.
 */
function authenticateClient(request: FastifyRequest, body: Params, client: LocalOidcClient): string {
  const authorization = request.headers.authorization;
  let clientId: string | undefined;
  let clientSecret: string | undefined;
  if (authorization?.startsWith('Basic ')) {
    if (body.client_secret !== undefined) {
      throw new OAuthError('invalid_request', 'Use one client authentication method, not two');
    }
    const decoded = Buffer.from(authorization.slice(6), 'base64').toString('utf8');
    const separator = decoded.indexOf(':');
    if (separator < 0) throw new OAuthError('invalid_client', 'Malformed Basic credentials', 401);
    try {
      clientId = decodeURIComponent(decoded.slice(0, separator).replace(/\+/g, ' '));
      clientSecret = decodeURIComponent(decoded.slice(separator + 1).replace(/\+/g, ' '));
    } catch {
      throw new OAuthError('invalid_client', 'Malformed Basic credentials', 401);
    }
    if (body.client_id !== undefined && body.client_id !== clientId) {
      throw new OAuthError('invalid_request', 'client_id differs from the authenticated client');
    }
  } else {
    clientId = stringParam(body, 'client_id');
    clientSecret = stringParam(body, 'client_secret');
  }
  if (!clientId || !clientSecret)
    throw new OAuthError('invalid_client', 'Client authentication is required', 401);
  // Compare both parts every time, so an unknown client and a wrong secret take the same path.
  const isKnownClient = safeEqual(clientId, client.clientId);
  const isRightSecret = safeEqual(clientSecret, client.clientSecret);
  if (!isKnownClient || !isRightSecret)
    throw new OAuthError('invalid_client', 'Client authentication failed', 401);
  return clientId;
}

interface ProviderContext {
  provider: LoginProvider;
  providerName: string;
  issuer: string;
  /** Path of the issuer on this server, e.g. /oidc/google (form actions and the cookie path use it). */
  issuerPath: string;
  key: ProviderSigningKey;
  client: LocalOidcClient;
}

/**
 * Checks an authorization request. Problems with client_id or redirect_uri are shown on the provider's page (never
 * redirected, RFC 6749 4.1.2.1); other problems are sent back to the registered redirect URI as error parameters.
 */
function parseAuthorizationRequest(
  context: ProviderContext,
  query: Params,
):
  | { ok: true; request: AuthorizationRequest }
  | { ok: false; page: string }
  | { ok: false; redirect: string } {
  const clientId = stringParam(query, 'client_id');
  const redirectUri = stringParam(query, 'redirect_uri');
  if (!clientId || !safeEqual(clientId, context.client.clientId)) {
    return { ok: false, page: `Unknown client_id ${JSON.stringify(String(query.client_id ?? ''))}.` };
  }
  if (!redirectUri || !context.client.redirectUris.includes(redirectUri)) {
    return {
      ok: false,
      page: `redirect_uri ${JSON.stringify(String(query.redirect_uri ?? ''))} is not registered for this client.`,
    };
  }
  const state = stringParam(query, 'state');
  const fail = (error: string, description: string) => ({
    ok: false as const,
    redirect: withParams(redirectUri, {
      error,
      error_description: description,
      state,
      iss: context.issuer,
    }),
  });
  if (query.response_type !== 'code')
    return fail('unsupported_response_type', 'Only response_type=code is supported');
  const scope = stringParam(query, 'scope');
  if (!scope?.split(' ').includes('openid')) return fail('invalid_scope', "scope must include 'openid'");
  const codeChallenge = stringParam(query, 'code_challenge');
  if (
    query.code_challenge_method !== 'S256' ||
    !codeChallenge ||
    !CODE_CHALLENGE_PATTERN.test(codeChallenge)
  ) {
    return fail(
      'invalid_request',
      'PKCE is required: code_challenge (43 characters) with code_challenge_method=S256',
    );
  }
  const nonce = stringParam(query, 'nonce');
  if ((state?.length ?? 0) > MAX_PARAM_LENGTH || (nonce?.length ?? 0) > MAX_PARAM_LENGTH) {
    return fail('invalid_request', `state and nonce are limited to ${MAX_PARAM_LENGTH} characters`);
  }
  return { ok: true, request: { clientId, redirectUri, scope, state, nonce, codeChallenge } };
}

async function providerRoutes(app: FastifyInstance, context: ProviderContext): Promise<void> {
  const { provider, providerName, issuer, issuerPath, key } = context;
  const authorizePath = `${issuerPath}/authorize`;

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.get(
    '/.well-known/openid-configuration',
    { schema: routeSchema(`${providerName}: OpenID discovery`) },
    async () => ({
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      userinfo_endpoint: `${issuer}/userinfo`,
      jwks_uri: `${issuer}/jwks`,
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: [ID_TOKEN_ALGORITHM],
      scopes_supported: ['openid', 'email', 'profile'],
      claims_supported: [
        'iss',
        'sub',
        'aud',
        'exp',
        'iat',
        'auth_time',
        'nonce',
        'email',
        'email_verified',
        'name',
      ],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      code_challenge_methods_supported: ['S256'],
      authorization_response_iss_parameter_supported: true,
    }),
  );

  app.get('/jwks', { schema: routeSchema(`${providerName}: signing keys`) }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return { keys: [key.publicJwk] };
  });

  app.get(
    '/authorize',
    { schema: routeSchema(`${providerName}: sign-in page (authorization code flow)`) },
    async (request, reply) => {
      const parsed = parseAuthorizationRequest(context, request.query as Params);
      if (!parsed.ok) {
        if ('redirect' in parsed) return reply.redirect(parsed.redirect, 303);
        return sendHtml(reply, 400, renderErrorPage(providerName, parsed.page));
      }
      const csrf = randomBytes(24).toString('base64url');
      const interaction = await signInteraction(key, issuer, parsed.request, csrf);
      const secure = issuer.startsWith('https:') ? '; Secure' : '';
      reply.header(
        'set-cookie',
        `${CSRF_COOKIE}=${csrf}; Path=${authorizePath}; HttpOnly; SameSite=Strict; Max-Age=600${secure}`,
      );
      const redirectOrigin = new URL(parsed.request.redirectUri).origin;
      return sendHtml(
        reply,
        200,
        renderSignInPage({
          providerName,
          clientHost: new URL(parsed.request.redirectUri).host,
          identities: testIdentitiesOf(provider),
          action: authorizePath,
          interaction,
          csrf,
        }),
        `'self' ${redirectOrigin}`,
      );
    },
  );

  app.post(
    '/authorize',
    { schema: routeSchema(`${providerName}: choose an identity`) },
    async (request, reply) => {
      const body = (request.body ?? {}) as Params;
      const token = stringParam(body, 'interaction');
      const csrf = stringParam(body, 'csrf');
      const interaction = token ? await readInteraction(key, issuer, token) : null;
      if (!interaction) {
        return sendHtml(
          reply,
          400,
          renderErrorPage(
            providerName,
            'This sign-in page has expired or was altered. Start the sign-in again.',
          ),
        );
      }
      const cookie = readCookie(request, CSRF_COOKIE);
      if (!csrf || !cookie || !safeEqual(csrf, interaction.csrf) || !safeEqual(cookie, interaction.csrf)) {
        return sendHtml(
          reply,
          403,
          renderErrorPage(
            providerName,
            'The sign-in request could not be verified. Start the sign-in again.',
          ),
        );
      }
      const { request: authorization } = interaction;
      // The client's registration may have changed since the page was shown.
      if (!context.client.redirectUris.includes(authorization.redirectUri)) {
        return sendHtml(reply, 400, renderErrorPage(providerName, 'redirect_uri is no longer registered.'));
      }
      const redirectOrigin = new URL(authorization.redirectUri).origin;
      const clearCookie = `${CSRF_COOKIE}=; Path=${authorizePath}; HttpOnly; SameSite=Strict; Max-Age=0`;
      if (body.cancel !== undefined) {
        reply.header('set-cookie', clearCookie);
        return reply.redirect(
          withParams(authorization.redirectUri, {
            error: 'access_denied',
            error_description: 'The person cancelled the sign-in',
            state: authorization.state,
            iss: issuer,
          }),
          303,
        );
      }
      const subject = stringParam(body, 'subject');
      const email = typeof body.email === 'string' ? body.email.trim() : undefined;
      let identity = subject
        ? testIdentitiesOf(provider).find((candidate) => candidate.subject === subject)
        : undefined;
      if (!identity && !subject && email && email.length <= 254 && EMAIL_PATTERN.test(email)) {
        identity = identityForEmail(provider, email);
      }
      if (!identity) {
        return sendHtml(
          reply,
          400,
          renderSignInPage({
            providerName,
            clientHost: new URL(authorization.redirectUri).host,
            identities: testIdentitiesOf(provider),
            action: authorizePath,
            interaction: token ?? '',
            csrf: interaction.csrf,
            error: subject ? 'Unknown test identity.' : 'Enter a valid email address.',
          }),
          `'self' ${redirectOrigin}`,
        );
      }
      const code = await issueCode(app.db, provider, authorization, identity);
      reply.header('set-cookie', clearCookie);
      return reply.redirect(
        withParams(authorization.redirectUri, { code, state: authorization.state, iss: issuer }),
        303,
      );
    },
  );

  app.post(
    '/token',
    { schema: routeSchema(`${providerName}: exchange a code for tokens`) },
    async (request, reply) => {
      const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Params;
      try {
        const clientId = authenticateClient(request, body, context.client);
        if (body.grant_type !== 'authorization_code') {
          throw new OAuthError('unsupported_grant_type', 'Only grant_type=authorization_code is supported');
        }
        const code = stringParam(body, 'code');
        const redirectUri = stringParam(body, 'redirect_uri');
        const codeVerifier = stringParam(body, 'code_verifier');
        if (!code || !redirectUri || !codeVerifier) {
          throw new OAuthError('invalid_request', 'code, redirect_uri and code_verifier are required');
        }
        const row = await redeemCode(app.db, provider, { code, redirectUri, codeVerifier, clientId });
        const tokens = await issueTokens(key, issuer, row);
        return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send({
          access_token: tokens.accessToken,
          token_type: 'Bearer',
          expires_in: 3600,
          scope: row.scope,
          id_token: tokens.idToken,
        });
      } catch (error) {
        if (error instanceof OAuthError) return sendOAuthError(reply, error);
        throw error;
      }
    },
  );

  const userinfo = async (request: FastifyRequest, reply: FastifyReply) => {
    const authorization = request.headers.authorization;
    const token = authorization?.startsWith('Bearer ') ? authorization.slice(7) : undefined;
    const claims = token ? await readUserinfo(key, issuer, token) : null;
    if (!claims) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer error="invalid_token"')
        .send({ error: 'invalid_token', error_description: 'A valid access token is required' });
    }
    return reply.header('cache-control', 'no-store').send(claims);
  };
  app.get('/userinfo', { schema: routeSchema(`${providerName}: claims of the access token`) }, userinfo);
  app.post('/userinfo', { schema: routeSchema(`${providerName}: claims of the access token`) }, userinfo);
}

/**
 * The embedded OpenID Connect provider (local stand-in for Google, Twitter and Apple, DESIGN.md section 6): one
 * issuer per provider at `/oidc/<provider>`, registered when OIDC_LOCAL_PROVIDER is on. Runs outside the product
 * scope: browsers and OIDC clients do not send saas_id.
 */
export default async function oidcProviderRoutes(app: FastifyInstance, options: { config: AppConfig }) {
  const { config } = options;
  for (const provider of LOGIN_PROVIDERS) {
    const issuer = localIssuer(config, provider);
    const context: ProviderContext = {
      provider,
      providerName: PROVIDER_DISPLAY_NAMES[provider],
      issuer,
      issuerPath: new URL(issuer).pathname,
      key: await loadSigningKey(config.dataDir, provider),
      client: localOidcClient(config, provider),
    };
    await app.register((scope) => providerRoutes(scope, context), { prefix: `/oidc/${provider}` });
  }
}
