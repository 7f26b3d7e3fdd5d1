import { partnerNFTAbi, partnerTokenAbi } from '@ojo/contracts/generated/abis';
import { encodeFunctionData, parseEther } from 'viem';
import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import { PermanentJobError } from '../../jobs/errors';

export const PARTNER_FAUCET_JOB = 'badge.partner-faucet';

/** What the partner token faucet hands out per request. */
export const PARTNER_TOKEN_FAUCET_AMOUNT = parseEther('100');

const address = z.string().regex(/^0x[0-9a-f]{40}$/);

/**
 * Local devnet only: mints a PartnerNFT or PartnerToken (owned by the API's key) to a player's wallet, so the
 * asset badges work offline. A chain write, so a durable job through the chain writer.
 */
export const partnerFaucetJob = defineJob({
  kind: PARTNER_FAUCET_JOB,
  payload: z.object({ to: address, asset: z.enum(['nft', 'token']), contract: address }),
  maxAttempts: 3,
  async handle({ payload, job, deps, signal }) {
    const to = payload.to as `0x${string}`;
    const data =
      payload.asset === 'nft'
        ? encodeFunctionData({ abi: partnerNFTAbi, functionName: 'mint', args: [to] })
        : encodeFunctionData({
            abi: partnerTokenAbi,
            functionName: 'mint',
            args: [to, PARTNER_TOKEN_FAUCET_AMOUNT],
          });
    const mined = await deps.chainWriter.write(
      { key: `${job.key}:mint`, jobId: job.id, to: payload.contract as `0x${string}`, data, value: 0n },
      { signal },
    );
    if (mined.reverted)
      throw new PermanentJobError('PARTNER_FAUCET_REVERTED', `partner mint ${mined.hash} reverted`);
    return { txHash: mined.hash };
  },
});
