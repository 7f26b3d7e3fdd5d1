import { DEFAULT_ACCOUNT_PROVIDER_NAME, DEFAULT_PRODUCT_NAME } from '@ojo/domain/constants';
import { z } from 'zod';

/** Public configuration of the account-provider app, validated once at start. Baked into the bundle: no secrets. */

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const url = z.url({ protocol: /^https?$/ });

const rawEnvSchema = z.object({
  VITE_WEB_ORIGIN: optional(url),
  VITE_PRODUCT_NAME: optional(z.string().trim().min(1)),
  VITE_PROVIDER_NAME: optional(z.string().trim().min(1)),
});

export interface WalletEnv {
  /** The web app origin that may open this popup and talk to it (DESIGN.md section 6: strict origin checks). */
  webOrigin: string;
  productName: string;
  providerName: string;
}

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid wallet app configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

export function parseEnv(raw: Record<string, unknown>): WalletEnv {
  const result = rawEnvSchema.safeParse(raw);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const env = result.data;
  return {
    webOrigin: new URL(env.VITE_WEB_ORIGIN ?? 'http://localhost:3000').origin,
    productName: env.VITE_PRODUCT_NAME ?? DEFAULT_PRODUCT_NAME,
    providerName: env.VITE_PROVIDER_NAME ?? DEFAULT_ACCOUNT_PROVIDER_NAME,
  };
}

export const env: WalletEnv = parseEnv(import.meta.env);
