import { enqueueJob, findJob } from '@ojo/db/jobs';
import type { User } from '@ojo/db/schema/users';
import type { FastifyInstance } from 'fastify';
import type { Address, Hex } from 'viem';
import { isAddressBoundTo } from '../linked-wallet/linked-wallets';
import { badgeErrors } from './errors';
import { PARTNER_FAUCET_JOB } from './partner-faucet.job';

const WINDOW_MS = 60_000;
const WAIT_MS = 30_000;
const POLL_MS = 200;

/**
 * POST /devnet/faucet/partner (local devnet only): a PartnerNFT or PartnerToken for the player's smart account or
 * one of their linked wallets. Idempotent per wallet, asset and minute, so a double click mints once.
 */
export async function fundPartnerAsset(
  app: Pick<FastifyInstance, 'db' | 'jobs' | 'now'>,
  user: User,
  input: { address: string; asset: 'nft' | 'token' },
  contracts: { nft: Address; token: Address },
): Promise<{ txHash: Hex }> {
  const to = input.address.toLowerCase();
  const isOwn = to === user.smartAccountAddress || (await isAddressBoundTo(app.db, user.id, to));
  if (!isOwn) throw badgeErrors.notOwnWallet();
  const key = `${PARTNER_FAUCET_JOB}:${to}:${input.asset}:${Math.floor(app.now() / WINDOW_MS)}`;
  const contract = (input.asset === 'nft' ? contracts.nft : contracts.token).toLowerCase();
  await enqueueJob(app.db, { kind: PARTNER_FAUCET_JOB, key, payload: { to, asset: input.asset, contract } });
  app.jobs.wake();
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    const job = await findJob(app.db, key);
    if (job?.state === 'succeeded') return { txHash: (job.result as { txHash: Hex }).txHash };
    if (job?.state === 'failed') break;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw badgeErrors.faucetBusy();
}
