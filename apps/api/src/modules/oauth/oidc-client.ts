import * as client from 'openid-client';
import { AppError } from '../../lib/errors';
import { oauthErrors } from './errors';
import type { OidcProviderSettings } from './provider-settings';

/** Seconds one HTTP call to a provider may take (discovery, token endpoint, JWKS). */
const HTTP_TIMEOUT_SECONDS = 5;
const DISCOVERY_TTL_MS = 3_600_000;
/** The id token algorithms we accept, in order of preference; the provider's discovery picks one of them. */
const ID_TOKEN_ALGORITHMS = ['ES256', 'RS256'];
function unavailable(provider: string, why: string): AppError {
  return oauthErrors.providerUnavailable(provider, why);
}

function idTokenInvalid(why: string): AppError {
  return oauthErrors.idTokenInvalid(why);
}

/** What openid-client (oauth4webapi inside) tells about a failed check: its message, code and the claim at fault. */
function problemOf(error: unknown): { message: string; code: string | undefined; claim: unknown } {
  const wrapped = error instanceof client.ClientError;
  const inner = wrapped && error.cause instanceof Error ? error.cause : error;
  const code = wrapped ? error.code : (inner as { code?: unknown }).code;
  const details = (inner as { cause?: { claim?: unknown } }).cause;
  return {
    message:
      code === 'OAUTH_TIMEOUT'
        ? `no answer within ${HTTP_TIMEOUT_SECONDS} s`
        : inner instanceof Error
          ? inner.message
          : String(inner),
    code: typeof code === 'string' ? code : undefined,
    claim: details && typeof details === 'object' ? details.claim : undefined,
  };
}

/**
 * Maps a failed code exchange to the errors the web shows (OAUTH_ERRORS): the provider refusing the code is the
 * person's problem (401), a bad id token is a refused login (401), everything else is the provider or our
 * configuration (502).
 */
function loginError(settings: OidcProviderSettings, error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof client.ResponseBodyError) {
    // Our own credentials wrong (invalid_client) is a configuration problem, not the person's.
    if (error.status >= 500 || error.error === 'invalid_client') {
      return unavailable(settings.provider, `token endpoint answered HTTP ${error.status} ${error.error}`);
    }
    return oauthErrors.codeRejected(
      `${settings.provider} refused the code: ${error.error}${
        error.error_description ? ` (${error.error_description})` : ''
      }`,
    );
  }
  if (error instanceof client.WWWAuthenticateChallengeError) {
    return unavailable(settings.provider, 'the provider refused the client credentials');
  }
  const problem = problemOf(error);
  // A nonce missing from the id token or differing from this login's: a code of another login replayed here.
  if (problem.claim === 'nonce' || /JWT "nonce"/.test(problem.message))
    return idTokenInvalid('nonce mismatch');
  const aboutIdToken =
    problem.code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' ||
    problem.code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED' ||
    problem.code === 'OAUTH_KEY_SELECTION_FAILED' ||
    (problem.code === 'OAUTH_INVALID_RESPONSE' && /JWT|ID Token/.test(problem.message));
  if (aboutIdToken) return idTokenInvalid(problem.message);
  return unavailable(settings.provider, problem.message);
}

export interface VerifiedIdentity {
  subject: string;
  email: string | undefined;
  claims: client.IDToken;
}

/**
 * The API as an OpenID Connect relying party (confidential client) through openid-client: discovery (cached per
 * issuer), the authorization code grant with the client secret and the PKCE verifier, and id token validation
 * (signature against the provider's JWKS, issuer, audience/azp, expiry, nonce, one agreed algorithm).
 */
export class OidcRelyingParty {
  private readonly configurations = new Map<string, { value: client.Configuration; expiresAt: number }>();

  constructor(private readonly customFetch: client.CustomFetch = fetch) {}

  async discover(settings: OidcProviderSettings): Promise<client.Configuration> {
    const cached = this.configurations.get(settings.issuer);
    if (cached && cached.expiresAt > Date.now()) return cached.value;
    const issuer = new URL(settings.issuer);
    // Plain HTTP only for local issuers (the stand-ins, tests); Google and Apple are HTTPS.
    const execute = issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [];
    let discovered: client.Configuration;
    try {
      // discovery() also checks that the document names the issuer it was fetched for (Discovery 4.3).
      discovered = await client.discovery(issuer, settings.clientId, undefined, undefined, {
        [client.customFetch]: this.customFetch,
        timeout: HTTP_TIMEOUT_SECONDS,
        execute,
      });
    } catch (error) {
      throw unavailable(settings.provider, `discovery failed (${problemOf(error).message})`);
    }
    const server = discovered.serverMetadata();
    const algorithm = ID_TOKEN_ALGORITHMS.find((candidate) =>
      (server.id_token_signing_alg_values_supported ?? ['RS256']).includes(candidate),
    );
    if (!algorithm) throw unavailable(settings.provider, 'no id token algorithm we accept');
    const methods = server.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
    const authentication = methods.includes('client_secret_basic')
      ? client.ClientSecretBasic(settings.clientSecret)
      : client.ClientSecretPost(settings.clientSecret);
    const configuration = new client.Configuration(
      server,
      settings.clientId,
      { id_token_signed_response_alg: algorithm },
      authentication,
    );
    configuration[client.customFetch] = this.customFetch;
    configuration.timeout = HTTP_TIMEOUT_SECONDS;
    for (const step of execute) step(configuration);
    // Also verify the id token's signature against the provider's JWKS (cached 5 min, refetched for an unknown kid
    // at most once a minute). OpenID Connect lets a client trust TLS to the token endpoint instead, but the local
    // stand-in is plain HTTP and a verified signature costs little.
    client.enableNonRepudiationChecks(configuration);
    this.configurations.set(settings.issuer, {
      value: configuration,
      expiresAt: Date.now() + DISCOVERY_TTL_MS,
    });
    return configuration;
  }

  /** The provider's authorization endpoint, where the web sends the browser. */
  async authorizationEndpoint(settings: OidcProviderSettings): Promise<string> {
    const endpoint = (await this.discover(settings)).serverMetadata().authorization_endpoint;
    if (!endpoint) throw unavailable(settings.provider, 'discovery names no authorization endpoint');
    return endpoint;
  }

  /** Exchanges the code and returns the verified identity of its id token. */
  async login(
    settings: OidcProviderSettings,
    input: { code: string; redirectUri: string; codeVerifier: string; nonce: string },
  ): Promise<VerifiedIdentity> {
    const configuration = await this.discover(settings);
    // The web received the callback and checked its state (it alone holds it); the API gets the code and the
    // provider the web started with. The callback URL is rebuilt from both: the issuer is the one of `provider`
    // (RFC 9207 asks for it when the provider announces it), and no state travels here.
    const callback = new URL(input.redirectUri);
    callback.searchParams.set('code', input.code);
    if (configuration.serverMetadata().authorization_response_iss_parameter_supported) {
      callback.searchParams.set('iss', settings.issuer);
    }
    try {
      const tokens = await client.authorizationCodeGrant(configuration, callback, {
        pkceCodeVerifier: input.codeVerifier,
        // Always required and compared, so a code or id token of another login cannot be replayed here.
        expectedNonce: input.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims?.sub) throw idTokenInvalid('no subject');
      return {
        subject: claims.sub,
        email: typeof claims.email === 'string' ? claims.email : undefined,
        claims,
      };
    } catch (error) {
      throw loginError(settings, error);
    }
  }
}
