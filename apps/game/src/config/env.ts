import { DEFAULT_PRODUCT_NAME } from '@ojo/domain/constants';
import { z } from 'zod';

/** Public configuration of the game frame app, validated once at start. Baked into the bundle: no secrets. */

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const url = z.url({ protocol: /^https?$/ });

const rawEnvSchema = z.object({
  VITE_API_URL: optional(url),
  VITE_WEB_ORIGIN: optional(url),
  VITE_PRODUCT_NAME: optional(z.string().trim().min(1)),
  VITE_SAAS_ID: optional(z.string().trim().min(1)),
});

export interface GameEnv {
  apiUrl: string;
  /** The page origin allowed to embed the frame and exchange messages with it (product.md 2). */
  webOrigin: string;
  productName: string;
  /** Sent as `saas_id` on every game call (product.md 7). */
  saasId: string;
}

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid game app configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

export function parseEnv(raw: Record<string, unknown>): GameEnv {
  const result = rawEnvSchema.safeParse(raw);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const env = result.data;
  return {
    apiUrl: (env.VITE_API_URL ?? 'http://localhost:3001').replace(/\/+$/, ''),
    webOrigin: new URL(env.VITE_WEB_ORIGIN ?? 'http://localhost:3000').origin,
    productName: env.VITE_PRODUCT_NAME ?? DEFAULT_PRODUCT_NAME,
    saasId: env.VITE_SAAS_ID ?? 'ojo-arena',
  };
}

export const env: GameEnv = parseEnv(import.meta.env);

/** The game's heading: the product's race. */
export const gameTitle = (productName: string) => `${productName} Race`;
