import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import { PermanentJobError } from '../../jobs/errors';

export const DEVNET_FAUCET_JOB = 'wallet.devnet-faucet';

const address = z.string().regex(/^0x[0-9a-f]{40}$/);

/**
 * Sends the faucet's test ETH from the API's key to a smart account (local devnet only). A chain write, so a
 * durable job through the chain writer (ARCHITECTURE.md (Production and scale)): one nonce sequence for all nodes, resumed after a crash.
 */
export const devnetFaucetJob = defineJob({
  kind: DEVNET_FAUCET_JOB,
  payload: z.object({ to: address, valueWei: z.string().regex(/^[1-9][0-9]*$/) }),
  maxAttempts: 3,
  async handle({ payload, job, deps, signal }) {
    const mined = await deps.chainWriter.write(
      {
        key: `${job.key}:transfer`,
        jobId: job.id,
        to: payload.to as `0x${string}`,
        data: '0x',
        value: BigInt(payload.valueWei),
      },
      { signal },
    );
    if (mined.reverted)
      throw new PermanentJobError('FAUCET_REVERTED', `faucet transfer ${mined.hash} reverted`);
    return { txHash: mined.hash };
  },
});
