import { DEFAULT_ACCOUNT_PROVIDER_NAME, DEFAULT_CHAIN_ID, DEFAULT_PRODUCT_NAME } from '@ojo/domain/constants';
import { type Address, getAddress, isAddress } from 'viem';
import { z } from 'zod';

/** Public configuration of the account-provider app, validated once at start. Baked into the bundle: no secrets. */

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const url = z.url({ protocol: /^https?$/ });
const address = z.string().refine((value) => isAddress(value), 'must be a 20-byte hex address');

const rawEnvSchema = z.object({
  VITE_WEB_ORIGIN: optional(url),
  /** Comma-separated app origins that may open the popup and send it requests (default: the web origin). */
  VITE_TRUSTED_ORIGINS: optional(z.string()),
  VITE_PRODUCT_NAME: optional(z.string().trim().min(1)),
  VITE_PROVIDER_NAME: optional(z.string().trim().min(1)),
  VITE_API_URL: optional(url),
  VITE_SAAS_ID: optional(z.string().trim().min(1)),
  VITE_CHAIN_RPC_URL: optional(url),
  VITE_BUNDLER_URL: optional(url),
  VITE_CHAIN_ID: optional(z.coerce.number().int().positive()),
  /** For a static deployment: the factory and paymaster addresses (else read from the devnet deployments). */
  VITE_SMART_ACCOUNT_FACTORY_ADDRESS: optional(address),
  VITE_VERIFYING_PAYMASTER_ADDRESS: optional(address),
});

export interface WalletEnv {
  /** The web app origin (ARCHITECTURE.md (Accounts and sign-in)). */
  webOrigin: string;
  /** Origins whose pages may talk to the popup (exact `MessageEvent.origin` values). */
  trustedOrigins: string[];
  productName: string;
  providerName: string;
  apiUrl: string;
  saasId: string;
  chainRpcUrl: string;
  bundlerUrl: string;
  chainId: number;
  /** Set together, or both undefined (then the devnet deployments are read at run time). */
  contracts?: { smartAccountFactory: Address; verifyingPaymaster: Address };
}

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid wallet app configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

function parseOrigins(list: string, problems: string[]): string[] {
  const origins: string[] = [];
  for (const entry of list.split(',').map((item) => item.trim())) {
    if (!entry) continue;
    const parsed = url.safeParse(entry);
    if (!parsed.success) problems.push(`VITE_TRUSTED_ORIGINS: '${entry}' is not an http(s) URL`);
    else origins.push(new URL(entry).origin);
  }
  return origins;
}

export function parseEnv(raw: Record<string, unknown>): WalletEnv {
  const result = rawEnvSchema.safeParse(raw);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const env = result.data;
  const problems: string[] = [];
  const webOrigin = new URL(env.VITE_WEB_ORIGIN ?? 'http://localhost:3000').origin;
  const trustedOrigins = env.VITE_TRUSTED_ORIGINS
    ? parseOrigins(env.VITE_TRUSTED_ORIGINS, problems)
    : [webOrigin];
  const factory = env.VITE_SMART_ACCOUNT_FACTORY_ADDRESS;
  const paymaster = env.VITE_VERIFYING_PAYMASTER_ADDRESS;
  if (Boolean(factory) !== Boolean(paymaster)) {
    problems.push('VITE_SMART_ACCOUNT_FACTORY_ADDRESS and VITE_VERIFYING_PAYMASTER_ADDRESS go together');
  }
  if (trustedOrigins.length === 0) problems.push('VITE_TRUSTED_ORIGINS: no origin given');
  if (problems.length > 0) throw new EnvError(problems);
  return {
    webOrigin,
    trustedOrigins: [...new Set(trustedOrigins)],
    productName: env.VITE_PRODUCT_NAME ?? DEFAULT_PRODUCT_NAME,
    providerName: env.VITE_PROVIDER_NAME ?? DEFAULT_ACCOUNT_PROVIDER_NAME,
    apiUrl: (env.VITE_API_URL ?? 'http://localhost:3001').replace(/\/+$/, ''),
    saasId: env.VITE_SAAS_ID ?? 'ojo-arena',
    chainRpcUrl: env.VITE_CHAIN_RPC_URL ?? 'http://127.0.0.1:8545',
    bundlerUrl: env.VITE_BUNDLER_URL ?? 'http://127.0.0.1:4337',
    chainId: env.VITE_CHAIN_ID ?? DEFAULT_CHAIN_ID,
    ...(factory && paymaster
      ? { contracts: { smartAccountFactory: getAddress(factory), verifyingPaymaster: getAddress(paymaster) } }
      : {}),
  };
}

export const env: WalletEnv = parseEnv(import.meta.env);
