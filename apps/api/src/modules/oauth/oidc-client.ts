import { OAUTH_MSG_KEYS } from '@ojo/api-contract/oauth';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, errors, type JSONWebKeySet, type JWTPayload, jwtVerify } from 'jose';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import type { OidcProviderSettings } from './provider-settings';

const HTTP_TIMEOUT_MS = 5000;
const DISCOVERY_TTL_MS = 3_600_000;
const JWKS_TTL_MS = 600_000;
const ID_TOKEN_ALGORITHMS = ['ES256', 'RS256'];

export interface HttpResponse {
  status: number;
  body: unknown;
}

/** One HTTP call of the OpenID Connect client; `transportFor` picks how it travels. */
export type HttpTransport = (
  url: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
) => Promise<HttpResponse>;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Calls to this API's own public origin (the embedded provider) go through `app.inject`: the same routes and HTTP
 * semantics, without depending on the public URL being reachable from inside (proxies, tests that do not listen).
 * Everything else goes out with fetch and a timeout.
 */
export function transportFor(app: FastifyInstance, publicUrl: string): HttpTransport {
  const ownOrigin = new URL(publicUrl).origin;
  return async (url, init) => {
    const target = new URL(url);
    if (target.origin === ownOrigin) {
      const response = await app.inject({
        method: init.method,
        url: `${target.pathname}${target.search}`,
        headers: init.headers,
        ...(init.body === undefined ? {} : { payload: init.body }),
      });
      return { status: response.statusCode, body: parseJson(response.body) };
    }
    const response = await fetch(url, {
      method: init.method,
      ...(init.headers ? { headers: init.headers } : {}),
      ...(init.body === undefined ? {} : { body: init.body }),
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
      redirect: 'error',
    });
    return { status: response.status, body: parseJson(await response.text()) };
  };
}

const discoverySchema = z.object({
  issuer: z.string(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
  authorization_endpoint: z.url(),
  token_endpoint_auth_methods_supported: z.array(z.string()).optional(),
});
export type ProviderDiscovery = z.infer<typeof discoverySchema>;

const tokenResponseSchema = z.object({ id_token: z.string().min(1), token_type: z.string().optional() });
const tokenErrorSchema = z.object({ error: z.string(), error_description: z.string().optional() });
const jwksSchema = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });

function unavailable(provider: string, why: string): AppError {
  return new AppError(
    502,
    'OAUTH_PROVIDER_UNAVAILABLE',
    OAUTH_MSG_KEYS.providerUnavailable,
    `${provider}: ${why}`,
  );
}

export interface VerifiedIdentity {
  subject: string;
  email: string | undefined;
  claims: JWTPayload;
}

/**
 * The API as an OpenID Connect relying party (confidential client): discovery, code exchange with the client
 * secret and id token verification against the provider's JWKS. Discovery documents and key sets are cached.
 */
export class OidcRelyingParty {
  private readonly discoveries = new Map<string, { value: ProviderDiscovery; expiresAt: number }>();
  private readonly keySets = new Map<string, { value: JSONWebKeySet; expiresAt: number }>();

  constructor(private readonly transport: HttpTransport) {}

  async discover(settings: OidcProviderSettings): Promise<ProviderDiscovery> {
    const cached = this.discoveries.get(settings.issuer);
    if (cached && cached.expiresAt > Date.now()) return cached.value;
    const response = await this.call(settings, `${settings.issuer}/.well-known/openid-configuration`, {
      method: 'GET',
    });
    const parsed = discoverySchema.safeParse(response.body);
    if (response.status !== 200 || !parsed.success)
      throw unavailable(settings.provider, 'bad discovery document');
    // OpenID Connect Discovery 4.3: the document must name the issuer it was fetched for.
    if (parsed.data.issuer !== settings.issuer)
      throw unavailable(settings.provider, 'discovery issuer mismatch');
    this.discoveries.set(settings.issuer, { value: parsed.data, expiresAt: Date.now() + DISCOVERY_TTL_MS });
    return parsed.data;
  }

  /** Exchanges the code and returns the verified identity of its id token. */
  async login(
    settings: OidcProviderSettings,
    input: { code: string; redirectUri: string; codeVerifier: string; nonce: string },
  ): Promise<VerifiedIdentity> {
    const discovery = await this.discover(settings);
    const idToken = await this.exchange(settings, discovery, input);
    return this.verifyIdToken(settings, discovery, idToken, input.nonce);
  }

  private async exchange(
    settings: OidcProviderSettings,
    discovery: ProviderDiscovery,
    input: { code: string; redirectUri: string; codeVerifier: string },
  ): Promise<string> {
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: input.redirectUri,
      code_verifier: input.codeVerifier,
    });
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    };
    const methods = discovery.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
    if (methods.includes('client_secret_basic')) {
      // RFC 6749 2.3.1: form-urlencode id and secret before joining them.
      const credentials = `${encodeURIComponent(settings.clientId)}:${encodeURIComponent(settings.clientSecret)}`;
      headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
    } else {
      form.set('client_id', settings.clientId);
      form.set('client_secret', settings.clientSecret);
    }
    const response = await this.call(settings, discovery.token_endpoint, {
      method: 'POST',
      headers,
      body: form.toString(),
    });
    if (response.status === 200) {
      const parsed = tokenResponseSchema.safeParse(response.body);
      if (!parsed.success) throw unavailable(settings.provider, 'the token response has no id_token');
      return parsed.data.id_token;
    }
    const refusal = tokenErrorSchema.safeParse(response.body);
    if (!refusal.success || response.status >= 500) {
      throw unavailable(settings.provider, `token endpoint answered HTTP ${response.status}`);
    }
    if (refusal.data.error === 'invalid_client') {
      // Our own credentials are wrong: a configuration problem, not the person's.
      throw unavailable(settings.provider, 'the provider refused the client credentials');
    }
    throw new AppError(
      401,
      'OAUTH_CODE_REJECTED',
      OAUTH_MSG_KEYS.codeRejected,
      `${settings.provider} refused the code: ${refusal.data.error}${
        refusal.data.error_description ? ` (${refusal.data.error_description})` : ''
      }`,
    );
  }

  private async keySet(
    settings: OidcProviderSettings,
    discovery: ProviderDiscovery,
    refresh: boolean,
  ): Promise<JSONWebKeySet> {
    const cached = this.keySets.get(discovery.jwks_uri);
    if (!refresh && cached && cached.expiresAt > Date.now()) return cached.value;
    const response = await this.call(settings, discovery.jwks_uri, { method: 'GET' });
    const parsed = jwksSchema.safeParse(response.body);
    if (response.status !== 200 || !parsed.success) throw unavailable(settings.provider, 'bad JWKS');
    const value = parsed.data as JSONWebKeySet;
    this.keySets.set(discovery.jwks_uri, { value, expiresAt: Date.now() + JWKS_TTL_MS });
    return value;
  }

  private async verifyIdToken(
    settings: OidcProviderSettings,
    discovery: ProviderDiscovery,
    idToken: string,
    nonce: string,
  ): Promise<VerifiedIdentity> {
    const invalid = (why: string) =>
      new AppError(
        401,
        'OAUTH_ID_TOKEN_INVALID',
        OAUTH_MSG_KEYS.idTokenInvalid,
        `The id token is invalid: ${why}`,
      );
    const verify = async (refresh: boolean) =>
      jwtVerify(idToken, createLocalJWKSet(await this.keySet(settings, discovery, refresh)), {
        algorithms: ID_TOKEN_ALGORITHMS,
        issuer: settings.issuer,
        audience: settings.clientId,
        requiredClaims: ['sub', 'iat', 'exp'],
        clockTolerance: 30,
      });
    let payload: JWTPayload;
    try {
      try {
        ({ payload } = await verify(false));
      } catch (error) {
        // The provider may have rotated its keys since we cached them.
        if (!(error instanceof errors.JWKSNoMatchingKey)) throw error;
        ({ payload } = await verify(true));
      }
    } catch (error) {
      if (error instanceof errors.JOSEError) throw invalid(error.code);
      throw error;
    }
    // OpenID Connect Core 3.1.3.7: with several audiences, azp must be us.
    if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== settings.clientId) {
      throw invalid('azp is not this client');
    }
    // The nonce is always required and compared, so a code or id token of another login cannot be replayed here.
    if (typeof payload.nonce !== 'string' || payload.nonce !== nonce) throw invalid('nonce mismatch');
    if (!payload.sub) throw invalid('no subject');
    return {
      subject: payload.sub,
      email: typeof payload.email === 'string' ? payload.email : undefined,
      claims: payload,
    };
  }

  private async call(
    settings: OidcProviderSettings,
    url: string,
    init: Parameters<HttpTransport>[1],
  ): Promise<HttpResponse> {
    try {
      return await this.transport(url, init);
    } catch (error) {
      throw unavailable(
        settings.provider,
        `cannot reach ${new URL(url).origin} (${(error as Error).message})`,
      );
    }
  }
}
