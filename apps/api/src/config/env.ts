import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { devnetKeys } from '@ojo/contracts/devnet-keys';
import { ensurePrivateDir } from '@ojo/db/private-files';
import { WEB_LOGIN_SESSION_SECONDS } from '@ojo/domain/constants';
import { z } from 'zod';
import { type GasConfig, gasConfigFrom, gasEnvShape } from '../modules/gas/config';
import {
  type ChainTarget,
  checkLocalDevnet,
  isAnvilWellKnownKey,
  type LocalDevnetCheck,
} from './local-devnet';
import { type ModuleConfig, readModuleConfig } from './slices';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** Smallest HS256 key we accept: 256 bits, as RFC 7518 section 3.2 requires. */
const MIN_JWT_SECRET_LENGTH = 32;

const port = z.coerce.number().int().min(0).max(65_535);
const origin = z.url().transform((value) => new URL(value).origin);
const httpUrl = z.url({ protocol: /^https?$/ });
const positiveInt = z.coerce.number().int().positive();
const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');
const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === '' ? undefined : value));
const privateKeyHex = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte hex private key');
const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IP address, a CIDR range (10.0.0.0/8, fd00::/8) or one of proxy-addr's range names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

const TRUST_PROXY_HELP =
  'give the addresses or CIDR ranges of the proxies in front of the API (e.g. 10.0.0.0/8,127.0.0.1)';

/**
 * Which peers may say who the client is in X-Forwarded-For (Fastify `trustProxy`): nobody (the default) or the
 * listed proxy addresses and ranges. 'true' would trust every client's own header, so any client could pick the
 * address the rate limits count; a hop count cannot check who the nearest peer is (Fastify ignores one for that
 * reason), so a client reaching the API directly could still pick it. Both are refused.
 */
const trustProxySetting = z
  .string()
  .trim()
  .transform((value, context): false | string[] => {
    if (value === '' || value === 'false') return false;
    if (value === 'true' || /^\d+$/.test(value)) {
      const what = value === 'true' ? "'true' trusts any client's" : 'a hop count cannot check who sends';
      context.addIssue({ code: 'custom', message: `${what} X-Forwarded-For; ${TRUST_PROXY_HELP}` });
      return z.NEVER;
    }
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const invalid = entries.filter((entry) => !isProxyAddress(entry));
    if (invalid.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `not an address or CIDR range: ${invalid.join(', ')}; ${TRUST_PROXY_HELP}`,
      });
      return z.NEVER;
    }
    return entries;
  });

export const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'test', 'production'])
    .default('development')
    .describe(
      'production refuses to start without JWT_SECRET, IDENTITY_PRIVATE_JWK and API_SIGNER_PRIVATE_KEY, and refuses every devnet convenience',
    ),
  API_PORT: port.default(3001).describe('port the API listens on'),
  HOST: z.string().min(1).default('localhost').describe('address the API binds to'),
  DATA_DIR: z
    .string()
    .min(1)
    .default(path.join(repoRoot, '.data'))
    .describe(
      'folder of the embedded database, the chain state, the deployments and the local secrets (folders 0700, files 0600)',
    ),
  DATABASE_URL: optionalString
    .pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional())
    .describe('PostgreSQL connection string; unset: PGlite under DATA_DIR'),
  WEB_ORIGIN: origin
    .default('http://localhost:3000')
    .describe("the web app's origin: CORS, SIWE domain and OIDC redirects accept it"),
  GAME_ORIGIN: origin.default('http://localhost:3002').describe("the game frame's origin: CORS accepts it"),
  WALLET_ORIGIN: origin
    .default('http://localhost:3003')
    .describe("the account provider's origin: CORS accepts it on the paymaster route only"),
  CHAIN_RPC_URL: httpUrl
    .default('http://127.0.0.1:8545')
    .describe(
      'JSON-RPC of the chain the API reads and writes; the local devnet only when it is on this machine and answers as anvil with CHAIN_ID',
    ),
  CHAIN_ID: positiveInt.default(11_124).describe('chain id checked in SIWE messages and on the node'),
  BUNDLER_URL: httpUrl
    .default('http://127.0.0.1:4337')
    .describe('ERC-4337 bundler the API estimates and checks user operations with'),
  SAAS_ID: z.string().min(1).default('ojo-arena').describe('the saas_id every request must carry'),
  JWT_SECRET: optionalString
    .pipe(
      z
        .string()
        .min(MIN_JWT_SECRET_LENGTH, `must be at least ${MIN_JWT_SECRET_LENGTH} characters`)
        .optional(),
    )
    .describe(
      'HS256 key of the session token (jwt_token), at least 32 characters; unset outside production: generated once in DATA_DIR',
    ),
  JWT_ISSUER: z.string().min(1).default('ojo-arena-api').describe('issuer claim of the session token'),
  JWT_AUDIENCE: z.string().min(1).default('ojo-arena-web').describe('audience claim of the session token'),
  REDIS_URL: optionalString
    .pipe(z.url({ protocol: /^rediss?$/ }).optional())
    .describe(
      "Redis shared by the API nodes: rate limits and the race's live events; unset: per node, or PostgreSQL notifications",
    ),
  PRODUCT_NAME: z
    .string()
    .min(1)
    .default('OJO Arena')
    .describe('the brand in texts the API writes (share lines, platform names, the wallet-link message)'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('pino log level'),
  TRUST_PROXY: trustProxySetting
    .default(false)
    .describe(
      'addresses or CIDR ranges of the proxies in front of the API whose X-Forwarded-For the rate limits believe (e.g. 10.0.0.0/8,127.0.0.1); true and hop counts are refused',
    ),
  SEED_DEMO_DATA: flag
    .optional()
    .describe(
      'demo referrer DEMO01 and the old-user test identities; unset: on on the local devnet outside production, refused elsewhere',
    ),
  RATE_LIMIT_MAX: positiveInt.default(300).describe('requests per client address and window, every route'),
  RATE_LIMIT_WINDOW_MS: positiveInt.default(60_000).describe('window of RATE_LIMIT_MAX'),
  RATE_LIMIT_AUTH_MAX: positiveInt
    .default(10)
    .describe('nonce, SIWE verify and login requests per client address and window'),
  RATE_LIMIT_AUTH_WINDOW_MS: positiveInt.default(60_000).describe('window of RATE_LIMIT_AUTH_MAX'),
  RATE_LIMIT_REDIS_PREFIX: z
    .string()
    .min(1)
    .default('ojo-rate-limit:')
    .describe('key prefix of the rate limits in Redis'),
  HEALTH_TIMEOUT_MS: positiveInt
    .default(1500)
    .describe('how long GET /healthz waits for each of the database, the chain and the bundler'),
  // The operator's bearer token for the economy report; outside production one is generated in DATA_DIR.
  OPERATOR_TOKEN: optionalString
    .pipe(
      z
        .string()
        .min(MIN_JWT_SECRET_LENGTH, `must be at least ${MIN_JWT_SECRET_LENGTH} characters`)
        .optional(),
    )
    .describe(
      'bearer token of GET /operator/economy/report (npm run economy:report), at least 32 characters; unset: generated in DATA_DIR/operator-token, and in production the report route is off',
    ),
  // Old users' OpenID Connect logins: per provider the issuer and client credentials (locally the stand-ins'); a
  // provider without issuer and secret is off.
  OIDC_AUTO_CREATE_OLD_USERS: flag
    .optional()
    .describe(
      'create an old-type account for an identity nobody has; unset: on on the local devnet outside production',
    ),
  OIDC_GOOGLE_ISSUER: optionalString
    .pipe(httpUrl.optional())
    .describe("Google's OpenID Connect issuer; unset: that provider is off (npm start: the stand-ins')"),
  OIDC_GOOGLE_CLIENT_ID: optionalString.describe('client id at Google'),
  OIDC_GOOGLE_CLIENT_SECRET: optionalString.describe('client secret at Google'),
  OIDC_TWITTER_ISSUER: optionalString
    .pipe(httpUrl.optional())
    .describe("Twitter's OpenID Connect issuer; unset: that provider is off (npm start: the stand-ins')"),
  OIDC_TWITTER_CLIENT_ID: optionalString.describe('client id at Twitter'),
  OIDC_TWITTER_CLIENT_SECRET: optionalString.describe('client secret at Twitter'),
  OIDC_APPLE_ISSUER: optionalString
    .pipe(httpUrl.optional())
    .describe("Apple's OpenID Connect issuer; unset: that provider is off (npm start: the stand-ins')"),
  OIDC_APPLE_CLIENT_ID: optionalString.describe('client id at Apple'),
  OIDC_APPLE_CLIENT_SECRET: optionalString.describe('client secret at Apple'),
  // Identity layer, chain and gas. API_PUBLIC_URL is the id token issuer; defaults to http://localhost:<port>.
  API_PUBLIC_URL: optionalString
    .pipe(origin.optional())
    .describe("the API's public origin: issuer of id tokens; unset: http://localhost:API_PORT"),
  IDENTITY_CLIENT_ID: optionalString.describe('audience of SIWE id tokens; unset: PRODUCT_NAME'),
  IDENTITY_PRIVATE_JWK: optionalString.describe(
    'ES256 private key (JWK) that signs id tokens; unset outside production: generated in DATA_DIR',
  ),
  // product.md 9: 'Web login session 604800 seconds.'
  IDENTITY_MAX_SESSION_SECONDS: positiveInt
    .default(WEB_LOGIN_SESSION_SECONDS)
    .describe(
      "a sign-in's session (id token and jwt_token alike) ends this long after the SIWE signature; renewal never moves it, logout ends it earlier",
    ),
  API_SIGNER_PRIVATE_KEY: optionalString
    .pipe(privateKeyHex.optional())
    .describe(
      "the API's chain key: ProfileRegistry registrar and paymaster signer; unset: the devnet key, on the local devnet only; anvil's well-known keys are refused elsewhere",
    ),
  CHAIN_PUBLIC_RPC_URL: optionalString
    .pipe(httpUrl.optional())
    .describe('chain URL GET /chain/config gives browsers; unset: CHAIN_RPC_URL'),
  BUNDLER_PUBLIC_URL: optionalString
    .pipe(httpUrl.optional())
    .describe('bundler URL GET /chain/config gives browsers; unset: BUNDLER_URL'),
  PROFILE_RESERVED_HANDLES: commaList
    .default(['admin', 'ojo', 'ojoarena', 'support', 'official', 'arena'])
    .describe('handles refused as not available (GET /profile/whitelist), comma separated'),
  ...gasEnvShape,
});

export interface AppConfig extends ModuleConfig {
  nodeEnv: 'development' | 'test' | 'production';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  origins: { web: string; game: string; wallet: string };
  chain: { rpcUrl: string; chainId: number };
  bundlerUrl: string;
  saasId: string;
  jwt: { secret: Uint8Array; issuer: string; audience: string };
  redisUrl: string | undefined;
  productName: string;
  logLevel: string;
  /** Fastify `trustProxy`: false, or the proxies' addresses and CIDR ranges (never `true`, never a hop count). */
  trustProxy: false | string[];
  seedDemoData: boolean;
  rateLimit: {
    max: number;
    windowMs: number;
    authMax: number;
    authWindowMs: number;
    redisPrefix: string;
  };
  healthTimeoutMs: number;
  /** Bearer token of the operator's reports; none in production unless OPERATOR_TOKEN is set (the route is off). */
  operatorToken: string | undefined;
  /**
   * Old users' OpenID Connect logins: whether unknown identities become old-type users, and each provider's client
   * settings (a provider without issuer and secret is off, see modules/oauth/provider-settings.ts).
   */
  oidc: {
    autoCreateOldUsers: boolean;
    providers: Record<
      'google' | 'twitter' | 'apple',
      { issuer: string | undefined; clientId: string | undefined; clientSecret: string | undefined }
    >;
  };
  /** Public origin of this API: the id token issuer (`iss`). */
  publicUrl: string;
  /** SIWE id tokens: audience (product.md 9 default client id is the product name) and, in production, the ES256 key. */
  identity: {
    clientId: string;
    privateJwk: string | undefined;
    /** Absolute life of a sign-in's session, id token and jwt alike, from the first sign-in (product.md 9: 7 days). */
    maxSessionSeconds: number;
  };
  /** The API's chain key (ProfileRegistry registrar, VerifyingPaymaster signer). A secret. */
  apiSignerPrivateKey: `0x${string}`;
  /** Whether the chain is the local devnet, and why: only there may the devnet's keys, stand-ins and demo data run. */
  localDevnet: LocalDevnetCheck;
  /** URLs the browser apps use (GET /chain/config); default to the API's own chain and bundler URLs. */
  publicChain: { rpcUrl: string; bundlerUrl: string };
  /** Handles nobody may take (product.md 5 "server whitelist"). */
  reservedHandles: string[];
  /** Gas sponsorship: allowances, the daily budget, bounds of what an operation may cost. */
  gas: GasConfig;
}

/** Thrown when the environment is invalid; its message lists every problem, one per line. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid API configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads and validates the API configuration once at start (ARCHITECTURE.md (Production and scale)). Secrets come only from the
 * environment; the one local convenience is a JWT secret generated on first run and kept in DATA_DIR (mode 0600),
 * which production refuses.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  chain: LocalDevnetCheck = CHAIN_NOT_CHECKED,
): AppConfig {
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  if (env.NODE_ENV === 'production') {
    for (const secret of ['JWT_SECRET', 'IDENTITY_PRIVATE_JWK', 'API_SIGNER_PRIVATE_KEY'] as const) {
      if (!env[secret]) problems.push(`${secret}: required when NODE_ENV=production`);
    }
  }
  if (parsed.success) problems.push(...devnetOnlyProblems(parsed.data, chain));
  const moduleConfig = readModuleConfig(env, problems);
  if (!parsed.success || !moduleConfig || problems.length > 0) throw new ConfigError(problems);
  if (moduleConfig.operator.audience === parsed.data.JWT_AUDIENCE) {
    problems.push(
      'OPERATOR_JWT_AUDIENCE: must differ from JWT_AUDIENCE, so no player token opens the console',
    );
    throw new ConfigError(problems);
  }
  const values = parsed.data;
  const isProduction = values.NODE_ENV === 'production';
  // The devnet's conveniences are defaults only outside production and only on the local devnet.
  const devnetDefaults = !isProduction && chain.isLocalDevnet;

  const dataDir = path.resolve(values.DATA_DIR);
  const jwtSecret = values.JWT_SECRET ?? readOrCreateLocalSecret(dataDir);

  return {
    ...moduleConfig,
    nodeEnv: values.NODE_ENV,
    isProduction,
    port: values.API_PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    origins: { web: values.WEB_ORIGIN, game: values.GAME_ORIGIN, wallet: values.WALLET_ORIGIN },
    chain: { rpcUrl: values.CHAIN_RPC_URL, chainId: values.CHAIN_ID },
    bundlerUrl: values.BUNDLER_URL,
    saasId: values.SAAS_ID,
    jwt: {
      secret: new TextEncoder().encode(jwtSecret),
      issuer: values.JWT_ISSUER,
      audience: values.JWT_AUDIENCE,
    },
    redisUrl: values.REDIS_URL,
    productName: values.PRODUCT_NAME,
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    seedDemoData: values.SEED_DEMO_DATA ?? devnetDefaults,
    rateLimit: {
      max: values.RATE_LIMIT_MAX,
      windowMs: values.RATE_LIMIT_WINDOW_MS,
      authMax: values.RATE_LIMIT_AUTH_MAX,
      authWindowMs: values.RATE_LIMIT_AUTH_WINDOW_MS,
      redisPrefix: values.RATE_LIMIT_REDIS_PREFIX,
    },
    healthTimeoutMs: values.HEALTH_TIMEOUT_MS,
    operatorToken:
      values.OPERATOR_TOKEN ??
      (isProduction ? undefined : readOrCreateLocalSecret(dataDir, OPERATOR_TOKEN_FILE, 'OPERATOR_TOKEN')),
    oidc: {
      // On the local devnet the login stand-in plays the old system's whole user base, so anyone signing in is old.
      autoCreateOldUsers: values.OIDC_AUTO_CREATE_OLD_USERS ?? devnetDefaults,
      providers: {
        google: {
          issuer: values.OIDC_GOOGLE_ISSUER?.replace(/\/$/, ''),
          clientId: values.OIDC_GOOGLE_CLIENT_ID,
          clientSecret: values.OIDC_GOOGLE_CLIENT_SECRET,
        },
        twitter: {
          issuer: values.OIDC_TWITTER_ISSUER?.replace(/\/$/, ''),
          clientId: values.OIDC_TWITTER_CLIENT_ID,
          clientSecret: values.OIDC_TWITTER_CLIENT_SECRET,
        },
        apple: {
          issuer: values.OIDC_APPLE_ISSUER?.replace(/\/$/, ''),
          clientId: values.OIDC_APPLE_CLIENT_ID,
          clientSecret: values.OIDC_APPLE_CLIENT_SECRET,
        },
      },
    },
    publicUrl: values.API_PUBLIC_URL ?? `http://localhost:${values.API_PORT}`,
    identity: {
      clientId: values.IDENTITY_CLIENT_ID ?? values.PRODUCT_NAME,
      privateJwk: values.IDENTITY_PRIVATE_JWK,
      maxSessionSeconds: values.IDENTITY_MAX_SESSION_SECONDS,
    },
    // The devnet key (anvil account 3, public) is only the local devnet's default (devnetOnlyProblems refuses it
    // elsewhere, so the fallback is reached only there).
    apiSignerPrivateKey: (values.API_SIGNER_PRIVATE_KEY ?? devnetKeys.apiSigner) as `0x${string}`,
    localDevnet: chain,
    publicChain: {
      rpcUrl: values.CHAIN_PUBLIC_RPC_URL ?? values.CHAIN_RPC_URL,
      bundlerUrl: values.BUNDLER_PUBLIC_URL ?? values.BUNDLER_URL,
    },
    reservedHandles: values.PROFILE_RESERVED_HANDLES,
    gas: gasConfigFrom(values),
  };
}

/** What a caller that never asked the chain gets: nothing of the devnet's. */
const CHAIN_NOT_CHECKED: LocalDevnetCheck = { isLocalDevnet: false, reason: 'the chain was not checked' };

/**
 * The devnet's conveniences are for the local devnet only (SECURITY.md (Stance)): anvil's well-known keys (anyone
 * can sign with them) and the demo data. Elsewhere, setting one on is refused and the API key is required; anvil's keys are refused in
 * production even on a local chain.
 */
function devnetOnlyProblems(values: z.infer<typeof envSchema>, chain: LocalDevnetCheck): string[] {
  const problems: string[] = [];
  const isProduction = values.NODE_ENV === 'production';
  const notDevnet = `the chain is not the local devnet: ${chain.reason}`;
  if (!chain.isLocalDevnet) {
    if (values.SEED_DEMO_DATA === true) {
      problems.push(`SEED_DEMO_DATA: demo data is seeded only on the local devnet (${notDevnet})`);
    }
    if (!values.API_SIGNER_PRIVATE_KEY && !isProduction) {
      problems.push(
        `API_SIGNER_PRIVATE_KEY: required, the devnet key is for the local devnet only (${notDevnet})`,
      );
    }
  }
  const signer = values.API_SIGNER_PRIVATE_KEY as `0x${string}` | undefined;
  if (signer && (isProduction || !chain.isLocalDevnet) && isAnvilWellKnownKey(signer)) {
    const where = isProduction ? 'NODE_ENV=production' : notDevnet;
    problems.push(
      `API_SIGNER_PRIVATE_KEY: is one of anvil's well-known test keys, which anyone can sign with (${where})`,
    );
  }
  return problems;
}

/** The chain CHAIN_RPC_URL and CHAIN_ID name (their defaults when unset), or undefined when they are invalid. */
function chainTargetOf(env: NodeJS.ProcessEnv): ChainTarget | undefined {
  const parsed = envSchema.pick({ CHAIN_RPC_URL: true, CHAIN_ID: true }).safeParse(env);
  return parsed.success ? { rpcUrl: parsed.data.CHAIN_RPC_URL, chainId: parsed.data.CHAIN_ID } : undefined;
}

/**
 * Asks the configured chain whether it is the local devnet (server start, before `loadConfig`). Invalid chain
 * settings are not asked about: `loadConfig` reports them.
 */
export async function checkConfiguredChain(env: NodeJS.ProcessEnv = process.env): Promise<LocalDevnetCheck> {
  const target = chainTargetOf(env);
  return target ? checkLocalDevnet(target) : CHAIN_NOT_CHECKED;
}

/** Where a local operator token is kept (`npm run economy:report` reads it there). */
export const OPERATOR_TOKEN_FILE = 'operator-token';

function readOrCreateLocalSecret(dataDir: string, name = 'jwt-secret', variable = 'JWT_SECRET'): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length < MIN_JWT_SECRET_LENGTH) {
      throw new ConfigError([`${variable}: the stored secret in ${file} is too short; delete the file`]);
    }
    return secret;
  }
  ensurePrivateDir(dataDir);
  const secret = randomBytes(48).toString('base64url');
  // 'wx' fails if another process created it meanwhile; then read theirs.
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      return readOrCreateLocalSecret(dataDir, name, variable);
    throw error;
  }
  chmodSync(file, 0o600);
  return secret;
}
