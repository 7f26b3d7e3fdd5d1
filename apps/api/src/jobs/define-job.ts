import type { Database, Transaction } from '@ojo/db/client';
import type { ClaimedJob } from '@ojo/db/jobs';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AppConfig } from '../config/env';
import type { ChainService } from '../modules/chain/chain-service';
import type { ChainWriter } from '../modules/chain/chain-writer';

/** What every job handler may use (composed once in app.ts). */
export interface JobDependencies {
  db: Database;
  chain: ChainService;
  /** Every chain write goes through it: nonces from the database, signed bytes recorded before broadcast. */
  chainWriter: ChainWriter;
  config: AppConfig;
}

export interface JobContext<Payload> {
  payload: Payload;
  /** The claimed row: `key` names this job, `attempts` counts its runs (take-overs included), `lockedBy` is this node. */
  job: Pick<ClaimedJob, 'id' | 'key' | 'kind' | 'attempts' | 'lockedBy'>;
  deps: JobDependencies;
  log: FastifyBaseLogger;
  /** Aborted when this node lost the job's lease or shuts down: stop, and leave the rest to the next holder. */
  signal: AbortSignal;
  /** The transaction of an atomic job (`atomic: true`), which marks it succeeded: the handler writes through it. */
  tx?: Transaction;
}

/**
 * A durable job (STYLE.md: `*.job.ts`): its kind, payload schema and handler. The handler must be safe to run again
 * from the start after a crash at any line: look at the database and the chain first, then do what is left.
 */
export interface JobDefinition<Schema extends z.ZodType = z.ZodType> {
  kind: string;
  payload: Schema;
  /** Runs before it fails for good (default: the row's max_attempts, 10). */
  maxAttempts?: number;
  /** Back-off between attempts (default 1 s doubling to 60 s, with jitter). */
  backoff?: { baseMs: number; maxMs: number };
  /**
   * Runs the handler in the transaction that marks the job succeeded (`context.tx`): what it writes commits with the
   * job's success and result, or not at all. A crash, or a lease lost before the end, rolls both back, and the next
   * run starts from the same state, so a result that reports what this run changed (a reward credited) is never
   * lost between the change and the record. Only for handlers whose every effect is in the database.
   */
  atomic?: boolean;
  handle(context: JobContext<z.infer<Schema>>): Promise<unknown>;
  /**
   * Called in the transaction that marks the job failed for good (a permanent error, or the last attempt), so the
   * failure is recorded where the player sees it, atomically with the job's state. `log` is the runner's.
   */
  onFailed?(
    tx: Transaction,
    payload: z.infer<Schema>,
    error: unknown,
    log?: FastifyBaseLogger,
  ): Promise<void>;
}

/** Declares a job; the identity function keeps the payload type between schema, handler and `onFailed`. */
export function defineJob<Schema extends z.ZodType>(
  definition: JobDefinition<Schema>,
): JobDefinition<Schema> {
  return definition;
}
