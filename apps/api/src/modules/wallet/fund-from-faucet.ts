import { enqueueJob, findJob } from '@ojo/db/jobs';
import type { User } from '@ojo/db/schema/users';
import { BALANCE_ASSET } from '@ojo/domain/constants';
import { fromBaseUnits } from '@ojo/domain/format/decimal';
import type { FastifyInstance } from 'fastify';
import type { Hex } from 'viem';
import { DEVNET_FAUCET_JOB } from './devnet-faucet.job';
import { walletErrors } from './errors';
import { smartAccountOf } from './smart-account';

/** One funding per user per minute: asking again within it answers the same transfer. */
const FAUCET_WINDOW_MS = 60_000;
const WAIT_MS = 30_000;
const POLL_MS = 200;

/**
 * The devnet faucet (local devnet only, so a demo can start from nothing): enqueues the transfer to the user's
 * smart account and waits for its receipt. Idempotent per user and minute, so a double click sends once.
 */
export async function fundFromFaucet(
  app: Pick<FastifyInstance, 'db' | 'jobs' | 'now'>,
  user: User,
  valueWei: bigint,
): Promise<{ txHash: Hex; amount: string }> {
  const to = smartAccountOf(user);
  const key = `${DEVNET_FAUCET_JOB}:${user.id}:${Math.floor(app.now() / FAUCET_WINDOW_MS)}`;
  await enqueueJob(app.db, { kind: DEVNET_FAUCET_JOB, key, payload: { to, valueWei: valueWei.toString() } });
  app.jobs.wake();
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    const job = await findJob(app.db, key);
    if (job?.state === 'succeeded') {
      const { txHash } = job.result as { txHash: Hex };
      return { txHash, amount: fromBaseUnits(valueWei, BALANCE_ASSET.decimals) };
    }
    if (job?.state === 'failed') break;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw walletErrors.faucetBusy();
}
