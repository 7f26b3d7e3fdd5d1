import { eq, sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import {
  acquireLease,
  type HeldLease,
  releaseLease,
  renewLease,
  runSingleton,
  type Singleton,
} from './leases';
import { leases } from './schema/leases';
import { describeWithDatabases } from './testing';

let counter = 0;
const uniqueName = () => `test.lease.${Date.now()}.${counter++}`;

describeWithDatabases('leases', ({ database }) => {
  /** The holder stopped renewing long enough: its lease ends now (the database's clock). */
  const expire = (name: string) =>
    database()
      .db.update(leases)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(leases.name, name));
  const acquire = (name: string, holder: string) =>
    acquireLease(database().db, { name, holder, ttlMs: 60_000 });

  it('has one holder at a time; the holder renews and keeps its token', async () => {
    const name = uniqueName();
    const held = await acquire(name, 'node-a');
    expect(held).toEqual({ name, holder: 'node-a', token: 1n });
    expect(await acquire(name, 'node-b')).toBeNull();
    expect(await renewLease(database().db, held!, 60_000)).toBe(true);
    expect(await acquire(name, 'node-a')).toEqual(held);
  });

  it('passes to another node when the holder dies, with a higher token; the old holder cannot renew', async () => {
    const name = uniqueName();
    const first = (await acquire(name, 'node-a')) as HeldLease;
    await expire(name);
    const second = await acquire(name, 'node-b');
    expect(second).toEqual({ name, holder: 'node-b', token: 2n });
    expect(await renewLease(database().db, first, 60_000)).toBe(false);
    expect(await acquire(name, 'node-a')).toBeNull();
  });

  it('is free at once after a release', async () => {
    const name = uniqueName();
    const held = (await acquire(name, 'node-a')) as HeldLease;
    await releaseLease(database().db, held);
    expect((await acquire(name, 'node-b'))?.token).toBe(2n);
  });

  const singletons: Singleton[] = [];
  afterEach(async () => {
    await Promise.all(singletons.splice(0).map((singleton) => singleton.stop()));
  });

  it('runs a singleton on one node only, and on another once the holder is gone', async () => {
    const name = uniqueName();
    const running = new Set<string>();
    const start = (holder: string) => {
      const singleton = runSingleton(database().db, {
        name,
        holder,
        ttlMs: 60_000,
        renewEveryMs: 50,
        async run(signal) {
          running.add(holder);
          await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
          running.delete(holder);
        },
      });
      singletons.push(singleton);
      return singleton;
    };
    const a = start('node-a');
    await expect.poll(() => a.isHeld()).toBe(true);
    const b = start('node-b');
    await expect.poll(() => [...running]).toEqual(['node-a']);
    expect(b.isHeld()).toBe(false);

    // node-a dies without releasing: node-b waits for the lease to expire, then takes over.
    await a.stop({ release: false });
    expect(running.size).toBe(0);
    expect(await acquire(name, 'node-x')).toBeNull();
    const c = start('node-c');
    await expire(name);
    await expect.poll(() => b.isHeld() || c.isHeld()).toBe(true);
    const [next] = [...running];
    expect(running.size).toBe(1);

    // A clean stop releases at once; the survivor takes it without waiting for an expiry.
    const [holder, waiting] = next === 'node-b' ? [b, c] : [c, b];
    await holder.stop();
    await expect.poll(() => waiting.isHeld()).toBe(true);
    await expect.poll(() => running.size).toBe(1);
    expect([...running]).not.toContain(next);
  });
});
