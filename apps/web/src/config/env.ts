import { DEFAULT_ACCOUNT_PROVIDER_NAME, DEFAULT_CHAIN_ID, DEFAULT_PRODUCT_NAME } from '@ojo/domain/constants';
import { WALLET_TEXT } from '@ojo/domain/messages';

/**
 * Public configuration of the web app, validated once at start (STYLE.md point 5). Everything here is baked into
 * the bundle by Vite, so it must never hold a secret.
 */

const DEFAULT_API_URL = 'http://localhost:3001';

/**
 * A check of one raw variable: its value, or a problem. `undefined` means unset: an empty variable counts as unset,
 * so `VITE_X=` in a .env file falls back to the default. Hand-written rather than zod so that the landing page does
 * not download a schema library just to read its configuration (initial JavaScript budget).
 */
type Check<T> = (value: unknown) => { value: T | undefined } | { problem: string };

const isUnset = (value: unknown) => value === undefined || value === '';

const url: Check<string> = (value) => {
  if (isUnset(value)) return { value: undefined };
  if (typeof value !== 'string') return { problem: 'expected a URL string' };
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return { problem: `'${value}' is not a valid URL` };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return { problem: `'${value}' must use http or https` };
  }
  return { value };
};

const positiveInteger: Check<number> = (value) => {
  if (isUnset(value)) return { value: undefined };
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number <= 0) {
    return { problem: `'${String(value)}' is not a positive integer` };
  }
  return { value: number };
};

const text: Check<string> = (value) => {
  if (isUnset(value)) return { value: undefined };
  if (typeof value !== 'string') return { problem: 'expected a string' };
  const trimmed = value.trim();
  return trimmed === '' ? { problem: 'must not be blank' } : { value: trimmed };
};

const rawEnvChecks = {
  VITE_API_URL: url,
  VITE_CUSTOMER_HOST: url,
  VITE_QUEST_HOST: url,
  VITE_BADGE_HOST: url,
  VITE_WALLET_HOST: url,
  VITE_GAME_HOST: url,
  VITE_WEB_ORIGIN: url,
  VITE_GAME_ORIGIN: url,
  VITE_WALLET_ORIGIN: url,
  VITE_CHAIN_RPC_URL: url,
  VITE_BUNDLER_URL: url,
  VITE_CHAIN_ID: positiveInteger,
  VITE_SAAS_ID: text,
  VITE_PRODUCT_NAME: text,
  VITE_PROVIDER_NAME: text,
  VITE_X_URL: url,
  VITE_DISCORD_URL: url,
  VITE_TELEGRAM_URL: url,
  VITE_EXPLORER_ADDRESS_URL: url,
  VITE_BRIDGE_URL: url,
  VITE_CHAIN_NAME: text,
} satisfies Record<string, Check<unknown>>;

type RawEnv = {
  [K in keyof typeof rawEnvChecks]: (typeof rawEnvChecks)[K] extends Check<infer T> ? T | undefined : never;
};

/** Runs every check, so the error names all the bad variables at once. */
function checkRawEnv(raw: Record<string, unknown>): { env: RawEnv } | { problems: string[] } {
  const env: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [key, check] of Object.entries(rawEnvChecks) as [string, Check<unknown>][]) {
    const result = check(raw[key]);
    if ('problem' in result) problems.push(`${key}: ${result.problem}`);
    else env[key] = result.value;
  }
  return problems.length > 0 ? { problems } : { env: env as RawEnv };
}

/** The API hosts of product.md 7 ({host}); each defaults to the API (ARCHITECTURE.md (API conventions)). */
export type ApiHost = 'customer' | 'quest' | 'badge' | 'wallet' | 'game';

export interface PublicEnv {
  apiUrl: string;
  hosts: Record<ApiHost, string>;
  webOrigin: string;
  gameOrigin: string;
  walletOrigin: string;
  chainRpcUrl: string;
  bundlerUrl: string;
  chainId: number;
  saasId: string;
  productName: string;
  providerName: string;
  social: { xUrl: string; discordUrl: string; telegramUrl: string };
  /** The block explorer's address page, `{address}` replaced (product.md 2 'View more in Scan'; product.md 9 test explorer). */
  explorerAddressUrl: string;
  /** The bridge site the deposit dialog opens in a new tab (product.md 2). */
  bridgeUrl: string;
  /** The chain's name in the send dialog's Network field (product.md 2: 'Abstract Chain'). */
  chainName: string;
}

/** Origins as the browser reports them (`location.origin`, `MessageEvent.origin`): no trailing slash. */
const origin = (value: string) => new URL(value).origin;
const withoutTrailingSlash = (value: string) => value.replace(/\/+$/, '');

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid web app configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Parses the raw `import.meta.env` record; throws an EnvError that lists every bad variable. */
export function parseEnv(raw: Record<string, unknown>): PublicEnv {
  const result = checkRawEnv(raw);
  if ('problems' in result) throw new EnvError(result.problems);
  const { env } = result;
  const apiUrl = withoutTrailingSlash(env.VITE_API_URL ?? DEFAULT_API_URL);
  const host = (value: string | undefined) => withoutTrailingSlash(value ?? apiUrl);
  return {
    apiUrl,
    hosts: {
      customer: host(env.VITE_CUSTOMER_HOST),
      quest: host(env.VITE_QUEST_HOST),
      badge: host(env.VITE_BADGE_HOST),
      wallet: host(env.VITE_WALLET_HOST),
      game: host(env.VITE_GAME_HOST),
    },
    webOrigin: origin(env.VITE_WEB_ORIGIN ?? 'http://localhost:3000'),
    gameOrigin: origin(env.VITE_GAME_ORIGIN ?? 'http://localhost:3002'),
    walletOrigin: origin(env.VITE_WALLET_ORIGIN ?? 'http://localhost:3003'),
    chainRpcUrl: env.VITE_CHAIN_RPC_URL ?? 'http://127.0.0.1:8545',
    bundlerUrl: env.VITE_BUNDLER_URL ?? 'http://127.0.0.1:4337',
    chainId: env.VITE_CHAIN_ID ?? DEFAULT_CHAIN_ID,
    saasId: env.VITE_SAAS_ID ?? 'ojo-arena',
    productName: env.VITE_PRODUCT_NAME ?? DEFAULT_PRODUCT_NAME,
    providerName: env.VITE_PROVIDER_NAME ?? DEFAULT_ACCOUNT_PROVIDER_NAME,
    social: {
      xUrl: env.VITE_X_URL ?? 'https://x.com/OJOArena',
      discordUrl: env.VITE_DISCORD_URL ?? 'https://discord.gg/ojoarena',
      telegramUrl: env.VITE_TELEGRAM_URL ?? 'https://t.me/ojoarena',
    },
    // Default: the local devnet's explorer page the API serves (works offline); real networks configure theirs.
    explorerAddressUrl: env.VITE_EXPLORER_ADDRESS_URL
      ? decodeURI(env.VITE_EXPLORER_ADDRESS_URL)
      : `${apiUrl}/explorer/address/{address}`,
    bridgeUrl: env.VITE_BRIDGE_URL ?? 'https://portal.abs.xyz/bridge',
    chainName: env.VITE_CHAIN_NAME ?? WALLET_TEXT.networkName,
  };
}

export const env: PublicEnv = parseEnv(import.meta.env);
