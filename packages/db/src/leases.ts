import { and, eq, sql } from 'drizzle-orm';
import { type Database, queryRows } from './client';
import { leases } from './schema/leases';

/**
 * Singleton leases (ARCHITECTURE.md (Production and scale)): at most one holder per name at a time, by the database's clock. A holder
 * renews before `ttlMs` passes; when it dies, the next `acquireLease` after expiry takes the lease with a higher
 * token. With PGlite there is one node and the lease is trivially its own. `runSingletonLoop` (singleton-loop.ts)
 * runs work under a lease.
 */

export interface HeldLease {
  name: string;
  holder: string;
  /** Grows with every change of holder: a fencing token for writes made under the lease. */
  token: bigint;
}

const ttl = (ttlMs: number) => sql`now() + ${ttlMs} * interval '1 millisecond'`;

/** Takes the lease if it is free, expired or already ours; answers it, or null while another holder has it. */
export async function acquireLease(
  db: Database,
  options: { name: string; holder: string; ttlMs: number },
): Promise<HeldLease | null> {
  // Kept by the same live holder: same token; taken from an expired holder (or re-taken after our own expiry): +1.
  const rows = await queryRows<{ token: string }>(
    db,
    sql`insert into ${leases} (name, holder, token, expires_at, acquired_at, renewed_at)
        values (${options.name}, ${options.holder}, 1, ${ttl(options.ttlMs)}, now(), now())
        on conflict (name) do update set
          token = case when leases.holder = excluded.holder and leases.expires_at > now()
                       then leases.token else leases.token + 1 end,
          acquired_at = case when leases.holder = excluded.holder and leases.expires_at > now()
                             then leases.acquired_at else now() end,
          holder = excluded.holder,
          expires_at = excluded.expires_at,
          renewed_at = now()
        where leases.holder = excluded.holder or leases.expires_at <= now()
        returning token::text as token`,
  );
  const row = rows[0];
  return row ? { name: options.name, holder: options.holder, token: BigInt(row.token) } : null;
}

/** Extends a lease this holder still has (same token, not expired); false when it was lost. */
export async function renewLease(db: Database, lease: HeldLease, ttlMs: number): Promise<boolean> {
  const rows = await db
    .update(leases)
    .set({ expiresAt: ttl(ttlMs), renewedAt: sql`now()` })
    .where(
      and(
        eq(leases.name, lease.name),
        eq(leases.holder, lease.holder),
        eq(leases.token, lease.token),
        sql`${leases.expiresAt} > now()`,
      ),
    )
    .returning({ name: leases.name });
  return rows.length === 1;
}

/** Gives a lease up at once (a clean shutdown), so another node need not wait for it to expire. */
export async function releaseLease(db: Database, lease: HeldLease): Promise<void> {
  await db
    .update(leases)
    .set({ expiresAt: sql`now()` })
    .where(and(eq(leases.name, lease.name), eq(leases.holder, lease.holder), eq(leases.token, lease.token)));
}
