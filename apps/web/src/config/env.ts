import { DEFAULT_ACCOUNT_PROVIDER_NAME, DEFAULT_CHAIN_ID, DEFAULT_PRODUCT_NAME } from '@ojo/domain/constants';
import { z } from 'zod';

/**
 * Public configuration of the web app, validated once at start (STYLE.md point 5). Everything here is baked into
 * the bundle by Vite, so it must never hold a secret.
 */

const DEFAULT_API_URL = 'http://localhost:3001';

const url = z.url({ protocol: /^https?$/ });
/** An empty variable counts as unset, so `VITE_X=` in a .env file falls back to the default. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const rawEnvSchema = z.object({
  VITE_API_URL: optional(url),
  VITE_CUSTOMER_HOST: optional(url),
  VITE_QUEST_HOST: optional(url),
  VITE_BADGE_HOST: optional(url),
  VITE_WALLET_HOST: optional(url),
  VITE_GAME_HOST: optional(url),
  VITE_WEB_ORIGIN: optional(url),
  VITE_GAME_ORIGIN: optional(url),
  VITE_WALLET_ORIGIN: optional(url),
  VITE_CHAIN_RPC_URL: optional(url),
  VITE_BUNDLER_URL: optional(url),
  VITE_CHAIN_ID: optional(z.coerce.number().int().positive()),
  VITE_SAAS_ID: optional(z.string().trim().min(1)),
  VITE_PRODUCT_NAME: optional(z.string().trim().min(1)),
  VITE_PROVIDER_NAME: optional(z.string().trim().min(1)),
  VITE_X_URL: optional(url),
  VITE_DISCORD_URL: optional(url),
  VITE_TELEGRAM_URL: optional(url),
});

/** The API hosts of spec point 7 ({host}); each defaults to the API (DESIGN.md section 5). */
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
  const result = rawEnvSchema.safeParse(raw);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const env = result.data;
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
  };
}

export const env: PublicEnv = parseEnv(import.meta.env);
