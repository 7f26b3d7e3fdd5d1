import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from '@ojo/db/client';
import { type ClaimedJob, claimJobs, completeJob, failJob, renewJobLease, retryDelayMs } from '@ojo/db/jobs';
import type { FastifyBaseLogger } from 'fastify';
import type { JobsConfig } from './config';
import type { JobDefinition, JobDependencies } from './define-job';
import { PermanentJobError } from './errors';

/** An atomic job found its lease gone when it came to record its success: its transaction is rolled back. */
class LeaseLostError extends Error {
  override readonly name = 'LeaseLostError';
}

const DEFAULT_BACKOFF = { baseMs: 1000, maxMs: 60_000 };

export interface JobRunner {
  /** This node's worker id (host:pid:random), written to the rows it holds. */
  readonly workerId: string;
  start(): void;
  /** Looks for due jobs now instead of at the next poll (after this node enqueued one). */
  wake(): void;
  /** Stops claiming, lets running jobs finish for up to `graceMs`, then aborts them (their leases expire). */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Runs this node's share of the durable jobs (ARCHITECTURE.md (Production and scale)). Our own rather than a library: pg-boss and
 * graphile-worker need a node-postgres pool with LISTEN/NOTIFY and do not run on PGlite, and the queue is four
 * statements (packages/db/src/jobs.ts). Idle, it polls every `pollIntervalMs`; each claimed job runs under a lease
 * renewed every third of `leaseMs`, so a node that dies loses its jobs to the others within one lease.
 */
export function createJobRunner(options: {
  db: Database;
  definitions: readonly JobDefinition[];
  deps: JobDependencies;
  config: JobsConfig;
  log: FastifyBaseLogger;
}): JobRunner {
  const { db, config, log } = options;
  const workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const byKind = new Map(options.definitions.map((definition) => [definition.kind, definition]));
  const kinds = [...byKind.keys()];
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  let isRunning = false;
  let loop: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;

  const idle = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, config.pollIntervalMs);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });

  const finishFailed = async (job: ClaimedJob, definition: JobDefinition, error: unknown) => {
    // The definition's limit wins over the row's (the row was enqueued wherever the decision was taken).
    const isLast =
      error instanceof PermanentJobError || job.attempts >= (definition.maxAttempts ?? job.maxAttempts);
    const retryInMs = isLast ? null : retryDelayMs(job.attempts, definition.backoff ?? DEFAULT_BACKOFF);
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    const state = await db.transaction(async (tx) => {
      const written = await failJob(tx, job, message, retryInMs);
      if (written === 'failed') await definition.onFailed?.(tx, job.payload, error, log);
      return written;
    });
    const level = state === 'failed' ? 'error' : 'warn';
    log[level]({ job: job.key, attempt: job.attempts, state, err: error }, 'job attempt failed');
  };

  const runJob = async (job: ClaimedJob, controller: AbortController) => {
    const definition = byKind.get(job.kind);
    if (!definition) return;
    const heartbeat = setInterval(
      () => {
        renewJobLease(db, job, config.leaseMs)
          .then((held) => {
            if (!held) controller.abort(new Error('the job lease was lost'));
          })
          .catch((error: unknown) => log.warn({ job: job.key, err: error }, 'job lease renewal failed'));
      },
      Math.max(250, Math.floor(config.leaseMs / 3)),
    );
    try {
      // Claimed again after its holder died each time (a job that crashes its node): stop at the limit.
      const maxAttempts = definition.maxAttempts ?? job.maxAttempts;
      if (job.attempts > maxAttempts) {
        throw new PermanentJobError('TOO_MANY_ATTEMPTS', `claimed ${job.attempts} times; its holders died`);
      }
      const parsed = definition.payload.safeParse(job.payload);
      if (!parsed.success) throw new PermanentJobError('INVALID_PAYLOAD', parsed.error.message);
      const context = {
        payload: parsed.data,
        job,
        deps: options.deps,
        log: log.child({ job: job.key, attempt: job.attempts }),
        signal: controller.signal,
      };
      if (definition.atomic) {
        // The handler's writes and the job's success commit together; a lost lease rolls both back.
        await db.transaction(async (tx) => {
          const result = await definition.handle({ ...context, tx });
          if (!(await completeJob(tx, job, result ?? null))) throw new LeaseLostError();
        });
      } else {
        const result = await definition.handle(context);
        if (!(await completeJob(db, job, result ?? null)))
          log.warn({ job: job.key }, 'job lease lost before completion');
      }
    } catch (error) {
      if (error instanceof LeaseLostError) {
        log.warn({ job: job.key }, 'job lease lost before completion; its writes were rolled back');
        return;
      }
      // Aborted: the lease was lost (the new holder owns the job now) or this node is stopping (the lease expires
      // and another node, or this one after a restart, resumes the job). Either way, record nothing.
      if (controller.signal.aborted) return;
      await finishFailed(job, definition, error).catch((failure: unknown) =>
        log.error({ job: job.key, err: failure }, 'could not record a job failure; its lease will expire'),
      );
    } finally {
      clearInterval(heartbeat);
    }
  };

  const poll = async () => {
    while (isRunning) {
      const free = config.concurrency - running.size;
      let claimed: ClaimedJob[] = [];
      if (free > 0) {
        try {
          claimed = await claimJobs(db, { workerId, kinds, limit: free, leaseMs: config.leaseMs });
        } catch (error) {
          log.warn({ err: error }, 'claiming jobs failed');
        }
      }
      for (const job of claimed) {
        const controller = new AbortController();
        const done = runJob(job, controller).finally(() => {
          running.delete(job.id);
          wakeUp?.();
        });
        running.set(job.id, { controller, done });
      }
      // Claimed a full batch: there may be more due at once; otherwise wait for the next poll or a wake-up.
      if (claimed.length === 0 || claimed.length < free) await idle();
    }
  };

  return {
    workerId,
    start() {
      if (isRunning || kinds.length === 0) return;
      isRunning = true;
      loop = poll();
    },
    wake() {
      wakeUp?.();
    },
    async stop(graceMs = 5000) {
      isRunning = false;
      wakeUp?.();
      await loop;
      const jobs = [...running.values()];
      const timer = setTimeout(() => {
        for (const job of jobs) job.controller.abort(new Error('the node is shutting down'));
      }, graceMs);
      await Promise.all(jobs.map((job) => job.done));
      clearTimeout(timer);
    },
  };
}
