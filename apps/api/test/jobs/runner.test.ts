import { enqueueJob, findJob } from '@ojo/db/jobs';
import { type Job, jobs } from '@ojo/db/schema/jobs';
import { eq, sql } from '@ojo/db/sql';
import { describeWithDatabases, type TestDatabase } from '@ojo/db/testing';
import pino from 'pino';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppConfig } from '../../src/config/env';
import { defineJob, type JobDefinition } from '../../src/jobs/define-job';
import { PermanentJobError } from '../../src/jobs/errors';
import { createJobRunner, type JobRunner } from '../../src/jobs/runner';
import { createChainService } from '../../src/modules/chain/chain-service';
import { createChainWriter } from '../../src/modules/chain/chain-writer';
import { testConfig } from '../helpers';

const log = pino({ level: 'silent' });
let counter = 0;
const uniqueKind = () => `test.runner.${Date.now()}.${counter++}`;

describeWithDatabases('the job runner', ({ database }) => {
  let config: AppConfig;
  const runners: JobRunner[] = [];

  beforeAll(async () => {
    config = await testConfig();
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop(100)));
  });

  /** A runner on the test database; its chain points at a closed port (these jobs never touch it). */
  const startRunner = (definitions: JobDefinition[], leaseMs = 60_000, db: TestDatabase = database()) => {
    const chain = createChainService(config);
    const runner = createJobRunner({
      db: db.db,
      definitions,
      deps: {
        db: db.db,
        chain,
        chainWriter: createChainWriter({ db: db.db, chain, replaceAfterMs: 1000, log }),
        config,
      },
      config: { runner: true, concurrency: 4, pollIntervalMs: 20, leaseMs },
      log,
    });
    runners.push(runner);
    runner.start();
    return runner;
  };
  const enqueue = (kind: string, key: string, payload: unknown = { n: 1 }) =>
    enqueueJob(database().db, { kind, key, payload });
  const stateOf = async (key: string) => (await findJob(database().db, key))?.state;
  const settle = async (key: string) => {
    await expect.poll(() => stateOf(key), { timeout: 15_000 }).toMatch(/succeeded|failed/);
    return findJob(database().db, key) as Promise<Job>;
  };

  it('runs a job with its parsed payload and stores its result', async () => {
    const kind = uniqueKind();
    startRunner([
      defineJob({
        kind,
        payload: z.object({ n: z.number() }),
        handle: async ({ payload, job }) => ({ doubled: payload.n * 2, attempt: job.attempts }),
      }),
    ]);
    await enqueue(kind, `${kind}:a`, { n: 21 });
    expect(await settle(`${kind}:a`)).toMatchObject({
      state: 'succeeded',
      result: { doubled: 42, attempt: 1 },
    });
  });

  it('retries a failing job with back-off until it succeeds', async () => {
    const kind = uniqueKind();
    const runs: number[] = [];
    startRunner([
      defineJob({
        kind,
        payload: z.object({}),
        backoff: { baseMs: 10, maxMs: 20 },
        async handle({ job }) {
          runs.push(job.attempts);
          if (job.attempts < 3) throw new Error('the node is not answering');
          return 'third time';
        },
      }),
    ]);
    await enqueue(kind, `${kind}:retry`, {});
    expect(await settle(`${kind}:retry`)).toMatchObject({
      state: 'succeeded',
      result: 'third time',
      attempts: 3,
    });
    expect(runs).toEqual([1, 2, 3]);
  });

  it('fails at once on a permanent error, and records the failure in the same transaction', async () => {
    const kind = uniqueKind();
    const seen: { code: string; stateInside: string | undefined }[] = [];
    startRunner([
      defineJob({
        kind,
        payload: z.object({}),
        async handle() {
          throw new PermanentJobError('HANDLE_TAKEN', 'taken on chain');
        },
        async onFailed(tx, _payload, error) {
          // Inside the transaction that fails the job: the row already reads failed.
          const [row] = await tx
            .select({ state: jobs.state })
            .from(jobs)
            .where(eq(jobs.key, `${kind}:p`));
          seen.push({ code: (error as PermanentJobError).code, stateInside: row?.state });
        },
      }),
    ]);
    await enqueue(kind, `${kind}:p`, {});
    expect(await settle(`${kind}:p`)).toMatchObject({ state: 'failed', attempts: 1 });
    expect(seen).toEqual([{ code: 'HANDLE_TAKEN', stateInside: 'failed' }]);
  });

  it('fails for good after the definition’s attempts, then tells onFailed', async () => {
    const kind = uniqueKind();
    const failures: string[] = [];
    startRunner([
      defineJob({
        kind,
        payload: z.object({}),
        maxAttempts: 2,
        backoff: { baseMs: 10, maxMs: 10 },
        handle: async () => {
          throw new Error('still down');
        },
        onFailed: async (_tx, _payload, error) => {
          failures.push((error as Error).message);
        },
      }),
    ]);
    await enqueue(kind, `${kind}:x`, {});
    expect(await settle(`${kind}:x`)).toMatchObject({
      state: 'failed',
      attempts: 2,
      lastError: 'Error: still down',
    });
    expect(failures).toEqual(['still down']);
  });

  it('gives up on a job whose holders kept dying, without running it again', async () => {
    const kind = uniqueKind();
    let ran = false;
    await enqueue(kind, `${kind}:poison`, {});
    // Two holders already died running it (claimed, lease ran out, never finished).
    await database()
      .db.update(jobs)
      .set({
        state: 'running',
        attempts: 2,
        lockedBy: 'dead-node',
        lockedUntil: sql`now() - interval '1 second'`,
      })
      .where(eq(jobs.key, `${kind}:poison`));
    startRunner([
      defineJob({
        kind,
        payload: z.object({}),
        maxAttempts: 2,
        handle: async () => {
          ran = true;
        },
      }),
    ]);
    expect(await settle(`${kind}:poison`)).toMatchObject({ state: 'failed', attempts: 3 });
    expect((await findJob(database().db, `${kind}:poison`))?.lastError).toMatch(/claimed 3 times/);
    expect(ran).toBe(false);
  });

  it('refuses a payload its schema rejects without running the handler', async () => {
    const kind = uniqueKind();
    let ran = false;
    startRunner([
      defineJob({
        kind,
        payload: z.object({ id: z.uuid() }),
        handle: async () => {
          ran = true;
        },
      }),
    ]);
    await enqueue(kind, `${kind}:bad`, { id: 'not-a-uuid' });
    expect(await settle(`${kind}:bad`)).toMatchObject({ state: 'failed', attempts: 1 });
    expect(ran).toBe(false);
  });

  it('shares jobs between two runners on one database: each runs exactly once', async () => {
    const kind = uniqueKind();
    const runsByKey = new Map<string, number>();
    const definition = defineJob({
      kind,
      payload: z.object({ n: z.number() }),
      async handle({ job }) {
        runsByKey.set(job.key, (runsByKey.get(job.key) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 5));
      },
    });
    const a = startRunner([definition]);
    const b = startRunner([definition]);
    for (let n = 0; n < 30; n += 1) await enqueue(kind, `${kind}:${n}`, { n });
    await expect
      .poll(
        async () => {
          const [row] = await database()
            .db.select({ done: sql<number>`count(*)::int` })
            .from(jobs)
            .where(sql`${jobs.kind} = ${kind} and ${jobs.state} = 'succeeded'`);
          return row?.done;
        },
        { timeout: 20_000 },
      )
      .toBe(30);
    expect([...runsByKey.values()].every((runs) => runs === 1)).toBe(true);
    expect(runsByKey.size).toBe(30);
    const holders = await database()
      .db.select({ attempts: jobs.attempts })
      .from(jobs)
      .where(eq(jobs.kind, kind));
    expect(holders.every((row) => row.attempts === 1)).toBe(true);
    expect(a.workerId).not.toBe(b.workerId);
  });

  it("commits an atomic job's writes with its success: a run that lost its lease writes nothing", async () => {
    const kind = uniqueKind();
    const marker = uniqueKind();
    const atomicJob = defineJob({
      kind,
      payload: z.object({}),
      atomic: true,
      async handle({ job, tx }) {
        if (!tx) throw new Error('an atomic job runs in a transaction');
        // The handler's write: one row per run, each under its own key.
        await enqueueJob(tx, { kind: marker, key: `${marker}:run-${job.attempts}`, payload: {} });
        // The first run loses its lease before it records its success (another node took the job over).
        if (job.attempts === 1) {
          await tx.update(jobs).set({ lockedBy: 'another-node' }).where(eq(jobs.id, job.id));
        }
        return `run ${job.attempts}`;
      },
    });
    // A short lease: the first run's claim expires soon after it was rolled back, and the job is claimed again.
    startRunner([atomicJob], 900);
    await enqueue(kind, `${kind}:atomic`, {});
    expect(await settle(`${kind}:atomic`)).toMatchObject({
      state: 'succeeded',
      result: 'run 2',
      attempts: 2,
    });
    const written = await database().db.select({ key: jobs.key }).from(jobs).where(eq(jobs.kind, marker));
    expect(written.map((row) => row.key)).toEqual([`${marker}:run-2`]);
  });

  it("takes over a job whose holder stopped renewing, and fences the old holder's late result out", async () => {
    const kind = uniqueKind();
    const aborted: string[] = [];
    const hanging = defineJob({
      kind,
      payload: z.object({}),
      async handle({ signal, job }) {
        // The first holder hangs (as a crashed or frozen node would) until it learns the lease is gone.
        if (job.attempts === 1) {
          await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
          aborted.push(String(signal.reason));
          return 'late result of the first holder';
        }
        return 'second holder';
      },
    });
    // A short lease: the holder renews every 300 ms and notices at once when it is gone.
    startRunner([hanging], 900);
    await enqueue(kind, `${kind}:frozen`, {});
    await expect.poll(() => stateOf(`${kind}:frozen`)).toBe('running');
    // Its lease runs out (the database's clock moves on), and another node claims the job.
    await database()
      .db.update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.key, `${kind}:frozen`));
    startRunner([hanging], 900);
    expect(await settle(`${kind}:frozen`)).toMatchObject({
      state: 'succeeded',
      result: 'second holder',
      attempts: 2,
    });
    await expect.poll(() => aborted).toEqual(['Error: the job lease was lost']);
    expect((await findJob(database().db, `${kind}:frozen`))?.result).toBe('second holder');
  });
});
