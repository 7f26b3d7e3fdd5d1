import { eq, sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { acquireLease } from './leases';
import { leases } from './schema/leases';
import { runSingletonLoop, type SingletonLoop, type SingletonLoopOptions } from './singleton-loop';
import { describeWithDatabases } from './testing';

let counter = 0;
const uniqueName = () => `test.loop.${Date.now()}.${counter++}`;

describeWithDatabases('runSingletonLoop', ({ database }) => {
  const loops: SingletonLoop[] = [];
  afterEach(async () => {
    await Promise.all(loops.splice(0).map((loop) => loop.stop()));
  });
  const start = (options: Partial<SingletonLoopOptions> & Pick<SingletonLoopOptions, 'name' | 'step'>) => {
    const loop = runSingletonLoop(database().db, {
      ttlMs: 60_000,
      renewEveryMs: 50,
      everyMs: 20,
      onError: () => {},
      ...options,
    });
    loops.push(loop);
    return loop;
  };
  /** The holder stopped renewing long enough: its lease ends now (the database's clock). */
  const expire = (name: string) =>
    database()
      .db.update(leases)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(leases.name, name));

  it('steps on the node that holds the lease; the other waits and takes over once the holder is gone', async () => {
    const name = uniqueName();
    const steps = { a: 0, b: 0, c: 0 };
    const a = start({ name, holder: 'node-a', step: async () => void steps.a++ });
    await expect.poll(() => steps.a).toBeGreaterThan(2);
    const b = start({ name, holder: 'node-b', step: async () => void steps.b++ });
    const atB = steps.a;
    await expect.poll(() => steps.a).toBeGreaterThan(atB + 2);
    expect(b.isHeld()).toBe(false);
    expect(steps.b).toBe(0);

    // node-a dies without releasing: nobody else may take the lease before it expires.
    await a.stop({ release: false });
    const afterA = steps.a;
    expect(await acquireLease(database().db, { name, holder: 'node-x', ttlMs: 60_000 })).toBeNull();
    expect(b.isHeld()).toBe(false);
    await expire(name);
    await expect.poll(() => steps.b).toBeGreaterThan(0);
    expect(b.isHeld()).toBe(true);
    expect(steps.a).toBe(afterA);

    // A clean stop releases at once: a waiting node takes over without waiting for an expiry.
    const c = start({ name, holder: 'node-c', step: async () => void steps.c++ });
    await b.stop();
    await expect.poll(() => steps.c).toBeGreaterThan(0);
    expect(c.isHeld()).toBe(true);
  });

  it('stops promptly, in a long pause and in a step, which sees its signal abort', async () => {
    const pausing = start({ name: uniqueName(), everyMs: 600_000, step: async () => undefined });
    await expect.poll(() => pausing.isHeld()).toBe(true);
    let startedAt = Date.now();
    await pausing.stop();
    expect(Date.now() - startedAt).toBeLessThan(5_000);

    let aborted = false;
    let inStep = false;
    const stepping = start({
      name: uniqueName(),
      renewEveryMs: 600_000,
      step: async (_lease, signal) => {
        inStep = true;
        await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
        aborted = true;
      },
    });
    await expect.poll(() => inStep).toBe(true);
    startedAt = Date.now();
    await stepping.stop();
    expect(aborted).toBe(true);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  });

  it('reports a step that throws and goes on stepping', async () => {
    const errors: unknown[] = [];
    let steps = 0;
    start({
      name: uniqueName(),
      step: async () => {
        steps += 1;
        if (steps <= 2) throw new Error(`step ${steps} failed`);
      },
      onError: (error, during) => errors.push([during, (error as Error).message]),
    });
    await expect.poll(() => steps).toBeGreaterThan(4);
    expect(errors).toEqual([
      ['step', 'step 1 failed'],
      ['step', 'step 2 failed'],
    ]);
  });

  it('runs the next step at once when a step has more to do, or when woken', async () => {
    let steps = 0;
    const loop = start({
      name: uniqueName(),
      everyMs: 600_000,
      step: async () => {
        steps += 1;
        return steps < 3;
      },
    });
    await expect.poll(() => steps).toBe(3);
    // Woken until the pause that follows the third step ends (a wake during a step does nothing).
    await expect
      .poll(() => {
        loop.wake();
        return steps;
      })
      .toBe(4);
  });
});
