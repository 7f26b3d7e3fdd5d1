import { z } from 'zod';

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** The job runner's variables (docs/configuration.md). */
export const jobsEnv = {
  JOB_RUNNER: flag
    .default(true)
    .describe('whether this node runs durable jobs (every node may enqueue them)'),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4).describe('jobs this node runs at once'),
  JOB_POLL_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(10)
    .max(60_000)
    .default(250)
    .describe('how often an idle runner looks for due jobs'),
  JOB_LEASE_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(3_600_000)
    .default(30_000)
    .describe(
      "how long a claimed job stays this node's without a heartbeat; then another node takes it over",
    ),
};

export interface JobsConfig {
  /** Whether this node claims and runs jobs (every node may enqueue). */
  runner: boolean;
  /** Jobs this node runs at once. */
  concurrency: number;
  /** How often an idle runner looks for due jobs. */
  pollIntervalMs: number;
  /** How long a claimed job stays this node's without a heartbeat; then another node takes it over. */
  leaseMs: number;
}

export function toJobsConfig(values: {
  JOB_RUNNER: boolean;
  JOB_CONCURRENCY: number;
  JOB_POLL_INTERVAL_MS: number;
  JOB_LEASE_MS: number;
}): JobsConfig {
  return {
    runner: values.JOB_RUNNER,
    concurrency: values.JOB_CONCURRENCY,
    pollIntervalMs: values.JOB_POLL_INTERVAL_MS,
    leaseMs: values.JOB_LEASE_MS,
  };
}
