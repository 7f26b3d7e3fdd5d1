import type { Database } from '@ojo/db/client';
import {
  type NewSponsoredOperationCost,
  sponsoredOperationCosts,
  sponsoredOperationScans,
} from '@ojo/db/schema/sponsored-operations';
import { and, eq, sql } from '@ojo/db/sql';
import type { FastifyBaseLogger } from 'fastify';
import { type Address, getAbiItem } from 'viem';
import { entryPoint08Abi } from 'viem/account-abstraction';
import type { ChainService } from '../chain/chain-service';

/** Blocks per eth_getLogs request (public RPCs cap ranges; a local node does not care). */
const LOG_RANGE_BLOCKS = 5_000n;

const userOperationEvent = getAbiItem({ abi: entryPoint08Abi, name: 'UserOperationEvent' });

export interface CostsScan {
  paymaster: Address;
  fromBlock: bigint;
  toBlock: bigint;
  /** Costs written by this scan (another node may have written the rest). */
  recorded: number;
}

/**
 * Reads what the EntryPoint charged our paymaster (UserOperationEvent.actualGasCost) from the last scanned block
 * to the newest, writes one row per userOpHash and moves the scan cursor (block and its time: the chain clock
 * that expires reservations). Idempotent and safe on several API nodes at once: rows are keyed by userOpHash and
 * the cursor only moves forward. Every caller (the timer and the on-demand runs) goes through here, so this is
 * the one piece to put under a lease later.
 */
export async function recordSponsoredCosts(db: Database, chain: ChainService): Promise<CostsScan> {
  const deployments = chain.deployments();
  const paymaster = chain.contractAddress('VerifyingPaymaster');
  const entryPoint = deployments?.entryPoint as Address;
  const key = { chainId: chain.chainId, paymaster: paymaster.toLowerCase() };
  const [cursor] = await db
    .select({ blockNumber: sponsoredOperationScans.blockNumber })
    .from(sponsoredOperationScans)
    .where(
      and(
        eq(sponsoredOperationScans.chainId, key.chainId),
        eq(sponsoredOperationScans.paymaster, key.paymaster),
      ),
    );
  const fromBlock = cursor ? cursor.blockNumber + 1n : BigInt(deployments?.deployedAtBlock ?? 0);
  const latest = await chain.publicClient.getBlock({ blockTag: 'latest' });
  const toBlock = latest.number;

  const blockTimes = new Map<bigint, Date>([[latest.number, new Date(Number(latest.timestamp) * 1000)]]);
  const blockTime = async (blockNumber: bigint) => {
    let time = blockTimes.get(blockNumber);
    if (!time) {
      const block = await chain.publicClient.getBlock({ blockNumber });
      time = new Date(Number(block.timestamp) * 1000);
      blockTimes.set(blockNumber, time);
    }
    return time;
  };

  let recorded = 0;
  for (let start = fromBlock; start <= toBlock; start += LOG_RANGE_BLOCKS) {
    const end = start + LOG_RANGE_BLOCKS - 1n < toBlock ? start + LOG_RANGE_BLOCKS - 1n : toBlock;
    const logs = await chain.publicClient.getLogs({
      address: entryPoint,
      event: userOperationEvent,
      args: { paymaster },
      fromBlock: start,
      toBlock: end,
      strict: true,
    });
    const rows: NewSponsoredOperationCost[] = [];
    for (const log of logs) {
      rows.push({
        userOpHash: log.args.userOpHash.toLowerCase(),
        paymaster: key.paymaster,
        sender: log.args.sender.toLowerCase(),
        nonce: log.args.nonce.toString(),
        success: log.args.success,
        actualGasCostWei: log.args.actualGasCost,
        actualGasUsed: log.args.actualGasUsed,
        transactionHash: log.transactionHash.toLowerCase(),
        blockNumber: log.blockNumber,
        blockTime: await blockTime(log.blockNumber),
      });
    }
    if (rows.length > 0) {
      const written = await db
        .insert(sponsoredOperationCosts)
        .values(rows)
        .onConflictDoNothing({ target: sponsoredOperationCosts.userOpHash })
        .returning({ userOpHash: sponsoredOperationCosts.userOpHash });
      recorded += written.length;
    }
  }

  // Written after the costs up to it, so a reader never sees the clock pass a block whose costs are missing.
  await db
    .insert(sponsoredOperationScans)
    .values({ ...key, blockNumber: toBlock, blockTime: await blockTime(toBlock) })
    .onConflictDoUpdate({
      target: [sponsoredOperationScans.chainId, sponsoredOperationScans.paymaster],
      set: { blockNumber: toBlock, blockTime: await blockTime(toBlock), updatedAt: new Date() },
      setWhere: sql`${sponsoredOperationScans.blockNumber} < ${toBlock.toString()}::bigint`,
    });
  return { paymaster, fromBlock, toBlock, recorded };
}

export interface SponsoredCostsRecorder {
  /** Runs a scan now, or joins the one already running in this process. */
  run(): Promise<CostsScan>;
  /** Scans every `intervalMs` until `stop()`; failures are logged and retried at the next tick. */
  start(intervalMs: number): void;
  /** Ends the timer and waits for a scan in flight. */
  stop(): Promise<void>;
}

export function createSponsoredCostsRecorder(
  db: Database,
  chain: ChainService,
  log: FastifyBaseLogger,
): SponsoredCostsRecorder {
  let running: Promise<CostsScan> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const run = () => {
    running ??= recordSponsoredCosts(db, chain).finally(() => {
      running = undefined;
    });
    return running;
  };
  const tick = (intervalMs: number) => {
    timer = setTimeout(async () => {
      try {
        await run();
      } catch (error) {
        log.warn({ err: error }, 'recording sponsored operation costs failed; retrying at the next tick');
      }
      if (!stopped) tick(intervalMs);
    }, intervalMs);
    timer.unref();
  };
  return {
    run,
    start(intervalMs) {
      stopped = false;
      if (intervalMs > 0) tick(intervalMs);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
