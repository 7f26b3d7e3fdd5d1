import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from './client';
import { acquireLease, type HeldLease, releaseLease, renewLease } from './leases';

/** The shortest pause between two steps, so a step that overran its period still lets the process breathe. */
const MIN_PAUSE_MS = 10;

export interface SingletonLoopOptions {
  /** The lease's name: one node at a time runs the steps. */
  name: string;
  /** This node's identity; default host:pid:random. */
  holder?: string;
  /** How long the lease lasts without renewal; another node takes over this long after a holder died. */
  ttlMs: number;
  /** How often the holder renews the lease and a waiting node tries to take it (well under ttlMs). */
  renewEveryMs: number;
  /** From one step's start to the next one's, while this node holds the lease. */
  everyMs: number;
  /**
   * One pass of the work, run while this node holds the lease; `signal` aborts when the lease is lost or the loop
   * stops. Answers `true` when there is more to do at once: the next step then starts without a pause (any other
   * answer is ignored).
   */
  step(lease: HeldLease, signal: AbortSignal): Promise<unknown>;
  /** A step, or a call to the database about the lease, threw (logging); the loop goes on. */
  onError(error: unknown, during: 'step' | 'lease'): void;
  /** This node took or lost the lease (logging). */
  onLease?(event: 'acquired' | 'lost', lease: HeldLease): void;
}

export interface SingletonLoop {
  /** Whether this node holds the lease right now. */
  isHeld(): boolean;
  /** Starts the next step now rather than at the end of the pause (nothing while a step runs or without the lease). */
  wake(): void;
  /**
   * Stops the steps and resolves once the one in flight returned; releases the lease unless `release` is false
   * (what a crashed node leaves behind: the lease expires on its own).
   */
  stop(options?: { release?: boolean }): Promise<void>;
}

/**
 * Runs `step` every `everyMs` on whichever node holds the lease `name` (packages/db leases), the one mechanism behind
 * every background singleton of the API: while one node holds the lease, the others try to take it every
 * `renewEveryMs` and take over once its holder stops renewing. The lease is renewed beside the steps, so a long step
 * does not lose it.
 */
export function runSingletonLoop(db: Database, options: SingletonLoopOptions): SingletonLoop {
  const holder = options.holder ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const stopping = new AbortController();
  let lease: HeldLease | null = null;
  let work: { controller: AbortController; done: Promise<void> } | undefined;
  let pausing: AbortController | undefined;

  /** Waits `ms`, or less when woken or when the steps stop. */
  const pause = async (ms: number) => {
    pausing = new AbortController();
    await sleep(ms, undefined, { signal: pausing.signal }).catch(() => undefined);
    pausing = undefined;
  };

  const startSteps = (held: HeldLease) => {
    const controller = new AbortController();
    const done = (async () => {
      while (!controller.signal.aborted) {
        const startedAt = Date.now();
        let hasMore = false;
        try {
          hasMore = (await options.step(held, controller.signal)) === true;
        } catch (error) {
          options.onError(error, 'step');
        }
        if (controller.signal.aborted) break;
        if (!hasMore) await pause(Math.max(MIN_PAUSE_MS, options.everyMs - (Date.now() - startedAt)));
      }
    })();
    work = { controller, done };
  };

  const stopSteps = async () => {
    const current = work;
    work = undefined;
    current?.controller.abort();
    pausing?.abort();
    await current?.done;
  };

  /** Renews the lease this node holds, or tries to take it; starts or stops the steps accordingly. */
  const keepLease = async () => {
    try {
      if (lease) {
        if (await renewLease(db, lease, options.ttlMs)) return;
        const lost = lease;
        lease = null;
        options.onLease?.('lost', lost);
        await stopSteps();
      }
      const acquired = await acquireLease(db, { name: options.name, holder, ttlMs: options.ttlMs });
      if (!acquired) return;
      lease = acquired;
      options.onLease?.('acquired', acquired);
      // Taken while stopping: `stop` releases it without running a step.
      if (!stopping.signal.aborted) startSteps(acquired);
    } catch (error) {
      // A database hiccup: keep what we have until the lease is really lost; the next turn tries again.
      options.onError(error, 'lease');
    }
  };

  const leaseTurns = (async () => {
    while (!stopping.signal.aborted) {
      await keepLease();
      await sleep(options.renewEveryMs, undefined, { signal: stopping.signal }).catch(() => undefined);
    }
  })();

  return {
    isHeld: () => lease !== null,
    wake: () => pausing?.abort(),
    async stop({ release = true } = {}) {
      stopping.abort();
      await leaseTurns;
      await stopSteps();
      if (lease && release) await releaseLease(db, lease).catch(() => undefined);
      lease = null;
    },
  };
}
