import type { EconomyReport, ReportCheck } from '@ojo/api-contract/economy';
import type { Database } from '@ojo/db/client';
import { queryRows } from '@ojo/db/client';
import { sponsoredOperationCosts } from '@ojo/db/schema/sponsored-operations';
import { sql } from '@ojo/db/sql';
import { type Address, getAbiItem } from 'viem';
import { entryPoint08Abi } from 'viem/account-abstraction';
import type { ChainService } from '../chain/chain-service';
import type { GasConfig } from './config';
import { recordSponsoredCosts } from './record-sponsored-costs';

const DAY_MS = 24 * 60 * 60 * 1000;
const LOG_RANGE_BLOCKS = 5_000n;
const userOperationEvent = getAbiItem({ abi: entryPoint08Abi, name: 'UserOperationEvent' });

/**
 * The paymaster's books for the economy report: what it paid (recorded from the EntryPoint's UserOperationEvent
 * logs) against the daily budget, its deposit, and the recorded costs checked against the chain's logs read again
 * up to the last scanned block.
 */
export async function paymasterBooks(
  db: Database,
  chain: ChainService,
  gas: Pick<GasConfig, 'dailyBudgetWei'>,
  nowMs: number,
): Promise<{ figures: EconomyReport['paymaster']; checks: ReportCheck[] }> {
  const scan = await recordSponsoredCosts(db, chain);
  const paymaster = scan.paymaster.toLowerCase();
  const entryPoint = chain.deployments()?.entryPoint as Address;
  const [recorded] = await queryRows<{ total: string; last_day: string; operations: number }>(
    db,
    sql`select coalesce(sum(${sponsoredOperationCosts.actualGasCostWei}), 0)::text as total,
          coalesce(sum(${sponsoredOperationCosts.actualGasCostWei})
            filter (where ${sponsoredOperationCosts.blockTime} > ${new Date(nowMs - DAY_MS).toISOString()}), 0)::text as last_day,
          count(*)::int as operations
        from ${sponsoredOperationCosts}
        where ${sponsoredOperationCosts.paymaster} = ${paymaster}
          and ${sponsoredOperationCosts.blockNumber} <= ${scan.toBlock.toString()}::bigint`,
  );
  const onChain = await chainCosts(chain, entryPoint, scan.paymaster, scan.toBlock);
  const deposit = (await chain.publicClient.readContract({
    address: entryPoint,
    abi: entryPoint08Abi,
    functionName: 'balanceOf',
    args: [scan.paymaster],
  })) as bigint;
  const total = BigInt(recorded?.total ?? '0');
  const operations = recorded?.operations ?? 0;
  const checks: ReportCheck[] = [
    {
      name: 'paymaster costs recorded = UserOperationEvent costs on chain',
      ok: total === onChain.total && operations === onChain.operations,
      detail: `recorded ${total} wei in ${operations} operations; chain ${onChain.total} wei in ${onChain.operations} operations up to block ${scan.toBlock}`,
    },
  ];
  return {
    figures: {
      address: paymaster,
      budgetWei: gas.dailyBudgetWei.toString(),
      spentLastDayWei: recorded?.last_day ?? '0',
      spentTotalWei: total.toString(),
      operations,
      depositWei: deposit.toString(),
    },
    checks,
  };
}

/** The EntryPoint's charges to the paymaster from its deployment to `toBlock`, read from the chain's logs. */
async function chainCosts(chain: ChainService, entryPoint: Address, paymaster: Address, toBlock: bigint) {
  let total = 0n;
  let operations = 0;
  const fromBlock = BigInt(chain.deployments()?.deployedAtBlock ?? 0);
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
    for (const log of logs) {
      total += log.args.actualGasCost;
      operations += 1;
    }
  }
  return { total, operations };
}
