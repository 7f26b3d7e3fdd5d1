import { getAddress, isAddress } from 'viem';
import { z } from 'zod';

/**
 * The console's variables (docs/console.md): its origin (the SIWE domain of an operator's sign-in and a CORS
 * origin), the owners from configuration, the operator token's audience and how long a console session lasts.
 */
const addressList = z
  .string()
  .optional()
  .transform((value = '', context) => {
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const invalid = entries.filter((entry) => !isAddress(entry, { strict: false }));
    if (invalid.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `not a 0x-prefixed 20-byte address: ${invalid.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries.map((entry) => getAddress(entry));
  });

export const operatorEnv = {
  CONSOLE_ORIGIN: z
    .url()
    .transform((value) => new URL(value).origin)
    .default('http://localhost:3005')
    .describe("the operator console's origin: the domain of operators' SIWE messages, and CORS accepts it"),
  OPERATOR_OWNER_ADDRESSES: addressList.describe(
    "addresses that are the console's owners, comma separated; unset on the local devnet: the first address to sign in to the console becomes its owner",
  ),
  OPERATOR_JWT_AUDIENCE: z
    .string()
    .min(1)
    .default('ojo-arena-console')
    .describe('audience claim of the operator token; must differ from JWT_AUDIENCE'),
  OPERATOR_SESSION_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(86_400)
    .default(3600)
    .describe('a console session ends this long after its sign-in (no renewal; logout ends it earlier)'),
};

export interface OperatorConfig {
  consoleOrigin: string;
  /** Checksummed. */
  ownerAddresses: readonly `0x${string}`[];
  audience: string;
  sessionSeconds: number;
}

export function toOperatorConfig(values: {
  CONSOLE_ORIGIN: string;
  OPERATOR_OWNER_ADDRESSES: `0x${string}`[];
  OPERATOR_JWT_AUDIENCE: string;
  OPERATOR_SESSION_SECONDS: number;
}): OperatorConfig {
  return {
    consoleOrigin: values.CONSOLE_ORIGIN,
    ownerAddresses: values.OPERATOR_OWNER_ADDRESSES,
    audience: values.OPERATOR_JWT_AUDIENCE,
    sessionSeconds: values.OPERATOR_SESSION_SECONDS,
  };
}
