import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from './client';
import { type Job, jobs } from './schema/jobs';

/**
 * The durable job queue's primitives (ARCHITECTURE.md (Production and scale)), the same on PGlite and PostgreSQL. A runner
 * (apps/api/src/jobs) claims due jobs, runs them under a lease it renews, and completes or fails them; every write
 * after the claim is fenced by (id, locked_by, attempts), so a holder whose lease was taken over changes nothing.
 */

export interface EnqueueJob {
  kind: string;
  /** Idempotency key: the same key enqueues once (e.g. 'profile.register:<registration id>:<attempt>'). */
  key: string;
  payload: unknown;
  /** Not before this moment (default: now). */
  runAt?: Date;
  maxAttempts?: number;
}

/** Enqueues a job unless one with its key exists; answers the job either way. Call it inside the transaction that
 * decides the side effect, so the decision and the job commit together (an outbox). */
export async function enqueueJob(
  db: Database | Transaction,
  job: EnqueueJob,
): Promise<{ job: Job; isNew: boolean }> {
  const [inserted] = await db
    .insert(jobs)
    .values({
      kind: job.kind,
      key: job.key,
      payload: job.payload,
      ...(job.runAt ? { runAt: job.runAt } : {}),
      ...(job.maxAttempts ? { maxAttempts: job.maxAttempts } : {}),
    })
    .onConflictDoNothing({ target: jobs.key })
    .returning();
  if (inserted) return { job: inserted, isNew: true };
  const [existing] = await db.select().from(jobs).where(eq(jobs.key, job.key));
  if (!existing) throw new Error(`job ${job.key} vanished`);
  return { job: existing, isNew: false };
}

/** A claimed job: who holds it and which attempt this is (the fencing pair for every later write). */
export interface ClaimedJob extends Job {
  lockedBy: string;
  /** 1 for the first run; also counts take-overs of a dead holder's run. */
  attempts: number;
}

const leaseEnd = (leaseMs: number) => sql`now() + ${leaseMs} * interval '1 millisecond'`;

/**
 * Claims up to `limit` jobs of `kinds` that are due (queued with run_at passed) or whose holder's lease expired,
 * oldest first. `FOR UPDATE SKIP LOCKED` lets every node claim at once without waiting on or taking each other's rows.
 */
export async function claimJobs(
  db: Database,
  options: { workerId: string; kinds: readonly string[]; limit: number; leaseMs: number },
): Promise<ClaimedJob[]> {
  if (options.limit <= 0 || options.kinds.length === 0) return [];
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        inArray(jobs.kind, [...options.kinds]),
        or(
          and(eq(jobs.state, 'queued'), lte(jobs.runAt, sql`now()`)),
          and(eq(jobs.state, 'running'), lte(jobs.lockedUntil, sql`now()`)),
        ),
      ),
    )
    .orderBy(jobs.runAt)
    .limit(options.limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(jobs)
    .set({
      state: 'running',
      lockedBy: options.workerId,
      lockedUntil: leaseEnd(options.leaseMs),
      attempts: sql`${jobs.attempts} + 1`,
      updatedAt: sql`now()`,
    })
    .where(inArray(jobs.id, due))
    .returning();
  return claimed as ClaimedJob[];
}

const heldBy = (job: Pick<ClaimedJob, 'id' | 'lockedBy' | 'attempts'>) =>
  and(
    eq(jobs.id, job.id),
    eq(jobs.state, 'running'),
    eq(jobs.lockedBy, job.lockedBy),
    eq(jobs.attempts, job.attempts),
  );

/**
 * Extends the lease of a job this worker still holds; false when it lost it (stop working on it). An expired lease
 * is not revived: another node may be claiming the job at this moment.
 */
export async function renewJobLease(
  db: Database,
  job: Pick<ClaimedJob, 'id' | 'lockedBy' | 'attempts'>,
  leaseMs: number,
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: leaseEnd(leaseMs), updatedAt: sql`now()` })
    .where(and(heldBy(job), sql`${jobs.lockedUntil} > now()`))
    .returning({ id: jobs.id });
  return rows.length === 1;
}

/** Marks a held job succeeded with its result; false when the lease was lost meanwhile. */
export async function completeJob(
  db: Database | Transaction,
  job: Pick<ClaimedJob, 'id' | 'lockedBy' | 'attempts'>,
  result: unknown = null,
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      state: 'succeeded',
      result,
      lockedBy: null,
      lockedUntil: null,
      lastError: null,
      finishedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(heldBy(job))
    .returning({ id: jobs.id });
  return rows.length === 1;
}

/**
 * Records a failed attempt of a held job: queued again after `retryInMs`, or failed for good when `retryInMs` is
 * null or the job used its attempts. Answers the state written, or null when the lease was lost meanwhile.
 */
export async function failJob(
  db: Database | Transaction,
  job: Pick<ClaimedJob, 'id' | 'lockedBy' | 'attempts'>,
  error: string,
  retryInMs: number | null,
): Promise<'queued' | 'failed' | null> {
  const isFinal = retryInMs === null ? sql`true` : sql`${jobs.attempts} >= ${jobs.maxAttempts}`;
  const rows = await db
    .update(jobs)
    .set({
      state: sql`case when ${isFinal} then 'failed'::job_state else 'queued'::job_state end`,
      ...(retryInMs === null ? {} : { runAt: sql`now() + ${retryInMs} * interval '1 millisecond'` }),
      finishedAt: sql`case when ${isFinal} then now() else null end`,
      lastError: error.slice(0, 2000),
      lockedBy: null,
      lockedUntil: null,
      updatedAt: sql`now()`,
    })
    .where(heldBy(job))
    .returning({ state: jobs.state });
  const state = rows[0]?.state;
  return state === 'queued' || state === 'failed' ? state : null;
}

/** Exponential back-off with full jitter: attempt 1 waits up to `baseMs`, doubling up to `maxMs`. */
export function retryDelayMs(
  attempt: number,
  options: { baseMs: number; maxMs: number },
  random = Math.random,
) {
  const ceiling = Math.min(options.maxMs, options.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** The job with `key`, or undefined. */
export async function findJob(db: Database | Transaction, key: string): Promise<Job | undefined> {
  const [job] = await db.select().from(jobs).where(eq(jobs.key, key));
  return job;
}
