import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { claimJobs, completeJob, enqueueJob, failJob, findJob, renewJobLease, retryDelayMs } from './jobs';
import { jobs } from './schema/jobs';
import { describeWithDatabases } from './testing';

let counter = 0;
const uniqueKind = () => `test.kind.${Date.now()}.${counter++}`;

describeWithDatabases('jobs', ({ kind, database }) => {
  const claim = (kinds: string[], workerId = 'node-a', limit = 10, leaseMs = 60_000) =>
    claimJobs(database().db, { workerId, kinds, limit, leaseMs });
  /** Moves a job's clock forward: its lease or back-off ends now (the database's time, as the queue reads it). */
  const expire = (id: string) =>
    database()
      .db.update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'`, runAt: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, id));

  it('enqueues once per key and hands the same job back', async () => {
    const jobKind = uniqueKind();
    const first = await enqueueJob(database().db, { kind: jobKind, key: `${jobKind}:1`, payload: { n: 1 } });
    const again = await enqueueJob(database().db, { kind: jobKind, key: `${jobKind}:1`, payload: { n: 2 } });
    expect(first.isNew).toBe(true);
    expect(again).toEqual({ job: first.job, isNew: false });
    expect(again.job.payload).toEqual({ n: 1 });
  });

  it('claims due jobs of the given kinds once, runs them under a lease, and completes them', async () => {
    const jobKind = uniqueKind();
    const other = uniqueKind();
    await enqueueJob(database().db, { kind: jobKind, key: `${jobKind}:a`, payload: {} });
    await enqueueJob(database().db, { kind: other, key: `${other}:a`, payload: {} });
    await enqueueJob(database().db, {
      kind: jobKind,
      key: `${jobKind}:later`,
      payload: {},
      runAt: new Date(Date.now() + 3_600_000),
    });
    const [job, ...rest] = await claim([jobKind]);
    expect(rest).toEqual([]);
    expect(job).toMatchObject({ key: `${jobKind}:a`, state: 'running', lockedBy: 'node-a', attempts: 1 });
    // Held by node-a: nobody else gets it.
    expect(await claim([jobKind], 'node-b')).toEqual([]);
    expect(await renewJobLease(database().db, job!, 60_000)).toBe(true);
    expect(await completeJob(database().db, job!, { ok: true })).toBe(true);
    expect(await findJob(database().db, `${jobKind}:a`)).toMatchObject({
      state: 'succeeded',
      result: { ok: true },
      lockedBy: null,
    });
    expect(await claim([jobKind], 'node-b')).toEqual([]);
  });

  it('retries a failed attempt after its back-off, and fails for good after max attempts', async () => {
    const jobKind = uniqueKind();
    await enqueueJob(database().db, { kind: jobKind, key: `${jobKind}:x`, payload: {}, maxAttempts: 2 });
    const [first] = await claim([jobKind]);
    expect(await failJob(database().db, first!, 'rpc down', 60_000)).toBe('queued');
    // Not due before its back-off ends.
    expect(await claim([jobKind])).toEqual([]);
    await expire(first!.id);
    const [second] = await claim([jobKind], 'node-b');
    expect(second).toMatchObject({ attempts: 2, lockedBy: 'node-b' });
    expect(await failJob(database().db, second!, 'rpc down again', 60_000)).toBe('failed');
    expect(await findJob(database().db, `${jobKind}:x`)).toMatchObject({
      state: 'failed',
      lastError: 'rpc down again',
    });
  });

  it('fails at once when told the error is permanent', async () => {
    const jobKind = uniqueKind();
    await enqueueJob(database().db, { kind: jobKind, key: `${jobKind}:p`, payload: {} });
    const [job] = await claim([jobKind]);
    expect(await failJob(database().db, job!, 'handle taken', null)).toBe('failed');
  });

  it("hands a dead holder's job to another node once the lease expired, and fences the old holder out", async () => {
    const jobKind = uniqueKind();
    await enqueueJob(database().db, { kind: jobKind, key: `${jobKind}:crash`, payload: {} });
    const [held] = await claim([jobKind], 'node-a');
    expect(await claim([jobKind], 'node-b')).toEqual([]);
    await expire(held!.id);
    const [takenOver] = await claim([jobKind], 'node-b');
    expect(takenOver).toMatchObject({ id: held!.id, lockedBy: 'node-b', attempts: 2 });
    // node-a comes back (a long pause, not a crash): none of its writes land.
    expect(await renewJobLease(database().db, held!, 60_000)).toBe(false);
    expect(await completeJob(database().db, held!, 'late')).toBe(false);
    expect(await failJob(database().db, held!, 'late', 0)).toBeNull();
    expect(await completeJob(database().db, takenOver!, 'done')).toBe(true);
    expect((await findJob(database().db, `${jobKind}:crash`))?.result).toBe('done');
  });

  it(`gives every job to exactly one of many concurrent claimers (${kind})`, async () => {
    const jobKind = uniqueKind();
    for (let index = 0; index < 12; index += 1) {
      await enqueueJob(database().db, { kind: jobKind, key: `${jobKind}:${index}`, payload: { index } });
    }
    const claims = await Promise.all(
      Array.from({ length: 6 }, (_, worker) => claim([jobKind], `node-${worker}`, 3)),
    );
    const ids = claims.flat().map((job) => job.id);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
  });
});

describe('retryDelayMs', () => {
  it('doubles from the base up to the cap, with jitter in the upper half', () => {
    const options = { baseMs: 1000, maxMs: 60_000 };
    expect(retryDelayMs(1, options, () => 0)).toBe(500);
    expect(retryDelayMs(1, options, () => 1)).toBe(1000);
    expect(retryDelayMs(4, options, () => 1)).toBe(8000);
    expect(retryDelayMs(30, options, () => 1)).toBe(60_000);
    expect(retryDelayMs(30, options, () => 0)).toBe(30_000);
  });
});
