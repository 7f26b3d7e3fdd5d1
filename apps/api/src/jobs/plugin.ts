import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/env';
import { createChainWriter } from '../modules/chain/chain-writer';
import type { JobDefinition } from './define-job';
import { createJobRunner, type JobRunner } from './runner';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable jobs of this node: enqueue with @ojo/db/jobs inside your transaction, then `wake()`. */
    jobs: { runner: JobRunner; wake(): void };
  }
}

/**
 * Wires the job runner (after the database and chain plugins): every definition app.ts lists, the chain writer
 * they share, and the runner's life with the app's (started when ready, stopped on close). With JOB_RUNNER=false
 * this node only enqueues; others run the jobs.
 */
async function jobsPlugin(
  app: FastifyInstance,
  options: { config: AppConfig; definitions: readonly JobDefinition[] },
): Promise<void> {
  const { config } = options;
  const chainWriter = createChainWriter({
    db: app.db,
    chain: app.chain,
    replaceAfterMs: config.chainWrites.replaceAfterMs,
    log: app.log.child({ part: 'chain-writer' }),
  });
  const runner = createJobRunner({
    db: app.db,
    definitions: options.definitions,
    deps: { db: app.db, chain: app.chain, chainWriter, config },
    config: config.jobs,
    log: app.log.child({ part: 'jobs' }),
  });
  app.decorate('jobs', { runner, wake: () => runner.wake() });
  if (!config.jobs.runner) return;
  app.addHook('onReady', async () => runner.start());
  app.addHook('onClose', async () => runner.stop());
}

export default fp(jobsPlugin, { name: 'jobs', dependencies: ['database', 'chain'] });
