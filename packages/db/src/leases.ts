import { and, eq, sql } from 'drizzle-orm';
import { type Database, queryRows } from './client';
import { leases } from './schema/leases';

/**
 * Singleton leases (DESIGN.md section 9): at most one holder per name at a time, by the database's clock. A holder
 * renews before `ttlMs` passes; when it dies, the next `acquireLease` after expiry takes the lease with a higher
 * token. With PGlite there is one node and the lease is trivially its own.
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

export interface SingletonOptions {
  name: string;
  /** This node's identity (e.g. host:pid:random). */
  holder: string;
  /** How long the lease lasts without renewal; another node takes over this long after a holder died. */
  ttlMs: number;
  /** How often the holder renews and a waiting node tries to acquire (well under ttlMs). */
  renewEveryMs: number;
  /**
   * The singleton's work while this node holds the lease. `signal` aborts when the lease is lost or the singleton
   * stops; `run` should then return. If it returns (or throws) while still holding, it is started again.
   */
  run(signal: AbortSignal, lease: HeldLease): Promise<void>;
  /** Told about acquisitions, losses and errors (logging). */
  onEvent?(event: { type: 'acquired' | 'lost' | 'error'; lease?: HeldLease; error?: unknown }): void;
}

export interface Singleton {
  /** Whether this node holds the lease right now. */
  isHeld(): boolean;
  /**
   * Stops the work and resolves once `run` returned; releases the lease unless `release` is false (what a crashed
   * node leaves behind: the lease expires on its own).
   */
  stop(options?: { release?: boolean }): Promise<void>;
}

/** Runs `run` on whichever node holds the lease `name`, keeping the lease renewed while it runs. */
export function runSingleton(db: Database, options: SingletonOptions): Singleton {
  let lease: HeldLease | null = null;
  let work: { controller: AbortController; done: Promise<void> } | undefined;
  let isStopping = false;
  let timer: NodeJS.Timeout | undefined;
  let tick: Promise<void> = Promise.resolve();

  const stopWork = async () => {
    const current = work;
    work = undefined;
    current?.controller.abort();
    await current?.done;
  };

  const startWork = (held: HeldLease) => {
    const controller = new AbortController();
    const done = (async () => {
      while (!controller.signal.aborted) {
        try {
          await options.run(controller.signal, held);
        } catch (error) {
          options.onEvent?.({ type: 'error', lease: held, error });
        }
        if (!controller.signal.aborted) await sleep(options.renewEveryMs, controller.signal);
      }
    })();
    work = { controller, done };
  };

  const step = async () => {
    try {
      if (lease) {
        if (await renewLease(db, lease, options.ttlMs)) return;
        const lost = lease;
        lease = null;
        options.onEvent?.({ type: 'lost', lease: lost });
        await stopWork();
      }
      const acquired = await acquireLease(db, options);
      if (acquired && !isStopping) {
        lease = acquired;
        options.onEvent?.({ type: 'acquired', lease: acquired });
        startWork(acquired);
      }
    } catch (error) {
      // A database hiccup: keep what we have until the lease is really lost; the next tick tries again.
      options.onEvent?.({ type: 'error', ...(lease ? { lease } : {}), error });
    }
  };

  const schedule = () => {
    if (isStopping) return;
    tick = step().finally(() => {
      if (!isStopping) timer = setTimeout(schedule, options.renewEveryMs);
    });
  };
  schedule();

  return {
    isHeld: () => lease !== null,
    async stop({ release = true } = {}) {
      isStopping = true;
      clearTimeout(timer);
      await tick;
      await stopWork();
      if (lease && release) {
        await releaseLease(db, lease).catch(() => undefined);
      }
      lease = null;
    },
  };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
