import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OldUserProvider } from '@ojo/db/seeds/old-user-identities';
import Provider, { type Configuration, errors, interactionPolicy, type JWK } from 'oidc-provider';
import type { StandInsConfig } from './config';
import { escapeHtml, HTML_CSP, htmlPage, readBody, sendHtml } from './http';
import { OidcIdentities, type OidcIdentity } from './oidc-identities';
import { signInPageBody } from './oidc-sign-in-page';

/** The web app's callback route, the one redirect URI registered for it (apps/api oauth OIDC_CALLBACK_PATH). */
const CALLBACK_PATH = '/auth/callback';
const PROVIDERS: Record<OldUserProvider, string> = { google: 'Google', twitter: 'Twitter', apple: 'Apple' };
const ID_TOKEN_ALGORITHM = 'ES256';

/** One provider's issuer: its OpenID provider, signing key and user base. */
export interface OidcIssuer {
  provider: OldUserProvider;
  name: string;
  issuer: string;
  /** The private signing key (tests sign forged id tokens with it). */
  signingKey: JWK;
  identities: OidcIdentities;
  oidc: Provider;
}

/**
 * Google, Twitter and Apple as OpenID Connect providers for the old users' login (product.md 1, 6), one issuer each
 * at `/oidc/<provider>`, built on the certified `oidc-provider`: discovery, JWKS, the authorization code grant with
 * PKCE and client_secret_basic, id tokens and userinfo. Ours are only the sign-in page (the tester picks a test
 * identity) and the user base. Codes, sessions and keys live in memory (the library's memory adapter, which warns
 * at start that it keeps nothing across restarts: a stand-in needs no more).
 */
export class OidcStandIn {
  readonly issuers: Record<OldUserProvider, OidcIssuer>;

  constructor(config: StandInsConfig, baseUrl: string) {
    const redirectUris = config.redirectOrigins.map((origin) => `${origin}${CALLBACK_PATH}`);
    const entries = (Object.keys(PROVIDERS) as OldUserProvider[]).map((provider) => {
      const issuer = `${baseUrl}/oidc/${provider}`;
      const identities = new OidcIdentities(provider);
      const signingKey = {
        ...(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }) as JWK),
        use: 'sig',
        alg: ID_TOKEN_ALGORITHM,
      };
      const client = { ...config.oidc[provider], redirectUris };
      const oidc = new Provider(
        issuer,
        configuration(issuer, PROVIDERS[provider], signingKey, client, identities),
      );
      return [
        provider,
        { provider, name: PROVIDERS[provider], issuer, signingKey, identities, oidc },
      ] as const;
    });
    this.issuers = Object.fromEntries(entries) as Record<OldUserProvider, OidcIssuer>;
  }

  async handle(request: IncomingMessage, response: ServerResponse, url: URL): Promise<boolean> {
    const [, , provider, ...rest] = url.pathname.split('/');
    const issuer =
      provider && Object.hasOwn(PROVIDERS, provider) ? this.issuers[provider as OldUserProvider] : null;
    if (!issuer) return false;
    if (rest[0] === 'interaction' && rest.length === 2) {
      await this.interaction(issuer, request, response);
      return true;
    }
    // The provider answers paths relative to its mount point, and builds its URLs from originalUrl (as under express).
    const prefix = `/oidc/${provider}`;
    const original = request.url ?? '/';
    Object.assign(request, { originalUrl: original, url: original.slice(prefix.length) || '/' });
    await issuer.oidc.callback()(request, response);
    return true;
  }

  /** The sign-in page (GET) and its forms (POST): a test identity, a new one by email, or Cancel. */
  private async interaction(issuer: OidcIssuer, request: IncomingMessage, response: ServerResponse) {
    let details: Awaited<ReturnType<Provider['interactionDetails']>>;
    try {
      details = await issuer.oidc.interactionDetails(request, response);
    } catch (error) {
      if (!(error instanceof errors.SessionNotFound)) throw error;
      sendHtml(
        response,
        400,
        `${issuer.name} sign-in`,
        errorBody(issuer.name, 'This sign-in expired; start again.'),
      );
      return;
    }
    const page = (status: number, error?: string) =>
      sendHtml(
        response,
        status,
        `Sign in with ${issuer.name}`,
        signInPageBody({
          providerName: issuer.name,
          clientHost: new URL(String(details.params.redirect_uri)).host,
          identities: issuer.identities.seeded,
          error,
        }),
      );
    if (request.method !== 'POST') return page(200);
    const form = await readBody(request);
    if (form.cancel) {
      const result = { error: 'access_denied', error_description: 'The person cancelled the sign-in' };
      return issuer.oidc.interactionFinished(request, response, result, { mergeWithLastSubmission: false });
    }
    const identity: OidcIdentity | undefined = form.subject
      ? issuer.identities.get(form.subject)
      : issuer.identities.forEmail(form.email ?? '');
    if (!identity) return page(400, form.subject ? 'Unknown test identity.' : 'Enter a valid email address.');
    // A first-party app: the sign-in is the consent, as it is for the real providers' verified apps.
    const grant = new issuer.oidc.Grant({
      accountId: identity.subject,
      clientId: String(details.params.client_id),
    });
    grant.addOIDCScope(String(details.params.scope));
    const result = {
      login: { accountId: identity.subject, remember: false },
      consent: { grantId: await grant.save() },
    };
    return issuer.oidc.interactionFinished(request, response, result, { mergeWithLastSubmission: false });
  }
}

function errorBody(providerName: string, message: string): string {
  return `<h1>Sign in with ${escapeHtml(providerName)} (local test identity)</h1>
<p role="alert">${escapeHtml(message)}</p>`;
}

function configuration(
  issuer: string,
  providerName: string,
  signingKey: JWK,
  client: { clientId: string; clientSecret: string; redirectUris: string[] },
  identities: OidcIdentities,
): Configuration {
  const issuerPath = new URL(issuer).pathname;
  const policy = interactionPolicy.base();
  // The tester picks an identity at every sign-in, even with a session, so switching test identities takes no logout.
  policy
    .get('login')
    ?.checks.add(
      new interactionPolicy.Check(
        'pick_identity',
        'the tester picks a test identity at every sign-in',
        (ctx) =>
          ctx.oidc.result?.login
            ? interactionPolicy.Check.NO_NEED_TO_PROMPT
            : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    );
  return {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: client.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: ID_TOKEN_ALGORITHM,
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Google puts email and name in the id token even when an access token comes along.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    allowOmittingSingleRegisteredRedirectUri: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `${issuerPath}/interaction/${interaction.uid}`, policy },
    ttl: {
      AuthorizationCode: 60,
      IdToken: 600,
      AccessToken: 3600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    async findAccount(_ctx, subject) {
      const identity = identities.get(subject);
      if (!identity) return undefined;
      return {
        accountId: identity.subject,
        claims: () => ({
          sub: identity.subject,
          email: identity.email,
          email_verified: true,
          name: identity.name,
        }),
      };
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.set('content-security-policy', HTML_CSP);
      const message = [out.error, out.error_description].filter(Boolean).join(': ');
      ctx.body = htmlPage('Sign-in error', errorBody(providerName, message));
    },
  };
}
