import { z } from 'zod';

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');
const optionalBlock = z
  .string()
  .optional()
  .transform((value, context) => {
    if (value === undefined || value === '') return undefined;
    if (!/^[0-9]{1,20}$/.test(value)) {
      context.addIssue({ code: 'custom', message: 'must be a block number' });
      return z.NEVER;
    }
    return BigInt(value);
  });

/** The chain indexer's variables (docs/configuration.md). */
export const indexerEnv = {
  INDEXER_ENABLED: flag
    .default(true)
    .describe("whether this node competes for the wallet indexer's lease (one node indexes at a time)"),
  INDEXER_TRACE_MODE: z
    .enum(['auto', 'debug', 'none'])
    .default('auto')
    .describe(
      "debug: value moves from debug_traceBlockByHash (inside contract calls and user operations); none: each transaction's own value only, for nodes without tracing; auto: debug when the node serves it",
    ),
  INDEXER_START_BLOCK: optionalBlock.describe(
    "first block of an empty index; unset: the contracts' deployment block, or the head without deployments",
  ),
  INDEXER_POLL_MS: z.coerce
    .number()
    .int()
    .min(50)
    .max(60_000)
    .default(1000)
    .describe('how often a caught-up indexer looks for new blocks'),
  INDEXER_BATCH_BLOCKS: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(50)
    .describe('blocks indexed per step'),
  INDEXER_CONFIRMATIONS: z.coerce
    .number()
    .int()
    .min(0)
    .max(1000)
    .default(0)
    .describe('blocks kept behind the head'),
  INDEXER_LEASE_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(600_000)
    .default(15_000)
    .describe("the indexer's lease; another node takes over this long after the holder stopped renewing"),
};

export interface IndexerConfig {
  /** Whether this node competes for the indexer's lease (every node may still index one transaction on request). */
  enabled: boolean;
  /** `auto`: the call tracer when the node serves it, else top-level transactions only (see block-source.ts). */
  traceMode: 'auto' | 'debug' | 'none';
  /** First block on an empty index; default the contracts' deployment block (the head on a chain without them). */
  startBlock: bigint | undefined;
  /** How often a caught-up indexer looks for new blocks. */
  pollMs: number;
  batchBlocks: number;
  confirmations: number;
  /** How long the lease lasts without renewal: another node takes over this long after the holder died. */
  leaseMs: number;
}

export function toIndexerConfig(values: {
  INDEXER_ENABLED: boolean;
  INDEXER_TRACE_MODE: 'auto' | 'debug' | 'none';
  INDEXER_START_BLOCK: bigint | undefined;
  INDEXER_POLL_MS: number;
  INDEXER_BATCH_BLOCKS: number;
  INDEXER_CONFIRMATIONS: number;
  INDEXER_LEASE_MS: number;
}): IndexerConfig {
  return {
    enabled: values.INDEXER_ENABLED,
    traceMode: values.INDEXER_TRACE_MODE,
    startBlock: values.INDEXER_START_BLOCK,
    pollMs: values.INDEXER_POLL_MS,
    batchBlocks: values.INDEXER_BATCH_BLOCKS,
    confirmations: values.INDEXER_CONFIRMATIONS,
    leaseMs: values.INDEXER_LEASE_MS,
  };
}
