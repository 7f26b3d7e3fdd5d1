import type { EconomyReport, ReportCheck } from '@ojo/api-contract/economy';
import type { Database } from '@ojo/db/client';
import { findLedgerDiscrepancies, totalBalance } from '@ojo/db/ledger';
import type { AppConfig } from '../../config/env';
import type { ChainService } from '../chain/chain-service';
import { coinBooks, redeemExposure } from '../coin/coin-books';
import { paymasterBooks } from '../gas/paymaster-books';
import type { PriceSource } from '../prices/price-source';

/**
 * The economy at a glance, each figure reconciled: the treasury's ETH in and out (every credited order and paid
 * redemption found on chain), the OJO outstanding, the paymaster's spend (recorded costs = the EntryPoint's logs),
 * and the ledger (every balance row = the sum of its entries). `ok` is false on any difference.
 */
export async function buildEconomyReport(
  db: Database,
  chain: ChainService,
  prices: PriceSource,
  config: AppConfig,
  nowMs: number,
): Promise<EconomyReport> {
  const blockNumber = await chain.publicClient.getBlockNumber();
  const [coin, exposure, paymaster, ledger, outstanding] = await Promise.all([
    coinBooks(db, chain.publicClient, config, blockNumber),
    redeemExposure(db, config, prices, nowMs),
    paymasterBooks(db, chain, config.gas, nowMs),
    findLedgerDiscrepancies(db),
    totalBalance(db, 'OJO'),
  ]);
  const ledgerCheck: ReportCheck = {
    name: 'every balance equals the sum of its ledger entries',
    ok: ledger.length === 0,
    detail:
      ledger.length === 0
        ? 'no difference'
        : ledger
            .slice(0, 10)
            .map((row) => `${row.userId} ${row.asset}: balance ${row.balance}, entries ${row.entriesTotal}`)
            .join('; '),
  };
  const checks = [...coin.checks, ...paymaster.checks, ledgerCheck];
  return {
    generatedAt: nowMs,
    chainId: chain.chainId,
    blockNumber: blockNumber.toString(),
    treasury: coin.figures,
    ojo: {
      outstanding: outstanding.toString(),
      pendingRedemption: coin.pendingRedemptionOjo.toString(),
      redeemCostWei: exposure.redeemCostWei?.toString() ?? null,
      costBasisWei: exposure.costBasisWei.toString(),
    },
    paymaster: paymaster.figures,
    checks,
    ok: checks.every((check) => check.ok),
  };
}
