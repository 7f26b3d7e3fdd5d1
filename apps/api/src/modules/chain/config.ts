import { LOCAL_CHAIN_ID } from '@ojo/contracts/chain';
import { type Deployments, DeploymentsError, deploymentsFromEnv } from '@ojo/contracts/deployments';
import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/**
 * The chain module's variables. Contract addresses come either from a deployments file (the devnet writes one;
 * default `<DATA_DIR>/devnet/deployments.json`, re-read while the devnet deploys after the API started) or, in
 * production, from `ENTRY_POINT_ADDRESS`, `<CONTRACT>_ADDRESS` and `CONTRACTS_DEPLOYED_AT_BLOCK` (see
 * `deploymentsFromEnv` in @ojo/contracts/deployments), which win when set.
 */
export const chainDeploymentsEnv = {
  DEPLOYMENTS_FILE: optionalString.describe(
    'contract addresses as the devnet writes them, re-read when the file changes; unset: DATA_DIR/devnet/deployments.json. In production set ENTRY_POINT_ADDRESS, <CONTRACT>_ADDRESS and CONTRACTS_DEPLOYED_AT_BLOCK instead, all or none',
  ),
  // How long a sent transaction may wait for its block before it is sent again with higher fees.
  CHAIN_TX_REPLACE_AFTER_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(30_000)
    .describe('a transaction of the API not mined after this long is sent again with higher fees'),
};

export type ChainDeploymentsConfig =
  /** `file` absolute, or undefined for `<DATA_DIR>/devnet/deployments.json`. */
  { source: 'file'; file: string | undefined } | { source: 'configuration'; deployments: Deployments };

export interface ChainWritesConfig {
  /** A transaction not mined after this long is re-sent with bumped fees (or sent again if it was dropped). */
  replaceAfterMs: number;
}

export const toChainWritesConfig = (values: { CHAIN_TX_REPLACE_AFTER_MS: number }): ChainWritesConfig => ({
  replaceAfterMs: values.CHAIN_TX_REPLACE_AFTER_MS,
});

export function toChainDeploymentsConfig(
  values: { DEPLOYMENTS_FILE: string | undefined },
  env: NodeJS.ProcessEnv,
  problems: string[],
): ChainDeploymentsConfig | undefined {
  const chainId = Number(env.CHAIN_ID || LOCAL_CHAIN_ID);
  try {
    const configured = deploymentsFromEnv(env, { chainId });
    if (configured) return { source: 'configuration', deployments: configured };
  } catch (error) {
    if (!(error instanceof DeploymentsError)) throw error;
    problems.push(...error.message.split('\n'));
    return undefined;
  }
  return { source: 'file', file: values.DEPLOYMENTS_FILE };
}
