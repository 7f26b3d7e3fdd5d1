import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { acquireLease, type HeldLease, releaseLease, renewLease } from './leases';
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
});
