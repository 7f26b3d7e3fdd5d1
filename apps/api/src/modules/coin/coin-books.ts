import type { EconomyReport, ReportCheck } from '@ojo/api-contract/economy';
import type { Database } from '@ojo/db/client';
import { chainTransactions } from '@ojo/db/schema/chain-transactions';
import { coinCostBasis, coinOrders, coinRefunds, coinWithdraws } from '@ojo/db/schema/coin';
import { ledgerBalances } from '@ojo/db/schema/ledger-balances';
import { and, eq, gt, inArray } from '@ojo/db/sql';
import { bidRate, redeemPayout } from '@ojo/domain/coin/redeem-payout';
import { orderIdCallData } from '@ojo/domain/coin/withdraw-limits';
import type { Hex, PublicClient } from 'viem';
import type { AppConfig } from '../../config/env';
import type { PriceSource } from '../prices/price-source';
import { ojoPerEth } from './coin-price';
import { readLowestPaid } from './cost-basis';
import { receiptAddress, treasuryAddress } from './receipt-address';
import { tracePayments } from './settle-payment';

type TreasuryFigures = EconomyReport['treasury'];

/**
 * The coin module's books for the economy report: ETH kept for credited orders, paid to redemptions and waiting
 * to be paid, the treasury's gas, each credited order's payment and each paid redemption checked against its
 * transaction on the chain.
 */
export async function coinBooks(
  db: Database,
  client: PublicClient,
  config: AppConfig,
  blockNumber: bigint,
): Promise<{ figures: TreasuryFigures; pendingRedemptionOjo: bigint; checks: ReportCheck[] }> {
  const receipt = receiptAddress(config);
  const treasury = treasuryAddress(config);
  const credited = await db.select().from(coinOrders).where(eq(coinOrders.state, 'done'));
  const withdraws = await db
    .select()
    .from(coinWithdraws)
    .where(inArray(coinWithdraws.status, ['PENDING', 'FINISHED']));
  const treasuryWrites = await db
    .select({ gasUsed: chainTransactions.gasUsed, price: chainTransactions.effectiveGasPrice })
    .from(chainTransactions)
    .where(
      and(
        eq(chainTransactions.chainId, config.chain.chainId),
        eq(chainTransactions.fromAddress, treasury),
        eq(chainTransactions.status, 'mined'),
      ),
    );

  const checks: ReportCheck[] = [];
  let receivedWei = 0n;
  const unmatchedOrders: string[] = [];
  for (const order of credited) {
    receivedWei += order.quoteWei;
    if (!(await orderPaidOnChain(client, receipt, order))) unmatchedOrders.push(order.id);
  }
  checks.push({
    name: 'every credited order was paid on chain (to the receipt address, by its account, at least its quote)',
    ok: unmatchedOrders.length === 0,
    detail:
      unmatchedOrders.length === 0
        ? `${credited.length} orders, ${receivedWei} wei`
        : `no matching payment on chain for orders ${unmatchedOrders.slice(0, 20).join(', ')}`,
  });

  let paidWei = 0n;
  let pendingPayoutWei = 0n;
  let paidCount = 0;
  let pendingRedemptionOjo = 0n;
  const unmatchedPayouts: string[] = [];
  for (const row of withdraws) {
    if (row.status === 'PENDING') {
      pendingPayoutWei += row.payoutWei;
      pendingRedemptionOjo += row.amount;
      continue;
    }
    paidWei += row.payoutWei;
    paidCount += 1;
    if (!(await payoutOnChain(client, treasury, row))) unmatchedPayouts.push(row.id.toString());
  }
  checks.push({
    name: 'every paid redemption is its transfer on chain (from the treasury, to the player, the recorded amount)',
    ok: unmatchedPayouts.length === 0,
    detail:
      unmatchedPayouts.length === 0
        ? `${paidCount} redemptions, ${paidWei} wei`
        : `no matching transfer on chain for redemptions ${unmatchedPayouts.slice(0, 20).join(', ')}`,
  });

  const refunds = await refundBooks(db, client, config.chain.chainId, treasury);
  checks.push(refunds.check);

  const gasWei = treasuryWrites.reduce((sum, row) => sum + (row.gasUsed ?? 0n) * (row.price ?? 0n), 0n);
  const balanceWei = await client.getBalance({ address: treasury, blockNumber });
  const marginWei = receivedWei - paidWei - pendingPayoutWei;
  checks.push({
    name: 'ETH paid and owed to redemptions is at most the ETH received for OJO',
    ok: marginWei >= 0n,
    detail: `received ${receivedWei}, paid ${paidWei}, owed ${pendingPayoutWei}: margin ${marginWei} wei`,
  });
  return {
    figures: {
      address: treasury,
      receivedWei: receivedWei.toString(),
      ordersCredited: credited.length,
      paidWei: paidWei.toString(),
      redemptionsPaid: paidCount,
      pendingPayoutWei: pendingPayoutWei.toString(),
      refundedWei: refunds.refundedWei.toString(),
      refundsSent: refunds.sent,
      refundsPending: refunds.pending,
      keptDustWei: refunds.keptWei.toString(),
      gasWei: gasWei.toString(),
      marginWei: marginWei.toString(),
      balanceWei: balanceWei.toString(),
    },
    pendingRedemptionOjo,
    checks,
  };
}

async function orderPaidOnChain(
  client: PublicClient,
  receipt: string,
  order: { txHash: string | null; payerAddress: string; quoteWei: bigint; id: string },
): Promise<boolean> {
  if (!order.txHash) return false;
  const hash = order.txHash as Hex;
  const [transaction, mined] = await Promise.all([
    client.getTransaction({ hash }).catch(() => null),
    client.getTransactionReceipt({ hash }).catch(() => null),
  ]);
  if (!transaction || mined?.status !== 'success') return false;
  const payments = await tracePayments(client, hash, receipt, {
    from: transaction.from.toLowerCase(),
    valueWei: transaction.to?.toLowerCase() === receipt ? transaction.value : 0n,
    input: transaction.input.toLowerCase(),
    succeeded: true,
    traceAddress: '',
  });
  const callData = orderIdCallData(order.id);
  return payments.some(
    (payment) =>
      payment.succeeded &&
      payment.from === order.payerAddress &&
      payment.input === callData &&
      payment.valueWei >= order.quoteWei,
  );
}

/**
 * Refunds of payments that bought nothing: sent (each its transfer on chain from the treasury to the payer, the
 * recorded amount), still pending or failed (for an operator), and dust kept because the refund's gas exceeds it.
 */
async function refundBooks(db: Database, client: PublicClient, chainId: number, treasury: string) {
  const rows = await db.select().from(coinRefunds).where(eq(coinRefunds.chainId, chainId));
  let refundedWei = 0n;
  let keptWei = 0n;
  let sent = 0;
  let pending = 0;
  const unmatched: string[] = [];
  for (const row of rows) {
    if (row.status === 'kept') keptWei += row.amountWei;
    if (row.status === 'pending' || row.status === 'failed') pending += 1;
    if (row.status !== 'sent') continue;
    sent += 1;
    refundedWei += row.refundWei ?? 0n;
    const transfer = { txHash: row.refundTxHash, toAddress: row.fromAddress, payoutWei: row.refundWei ?? 0n };
    if (!(await payoutOnChain(client, treasury, transfer))) unmatched.push(row.id.toString());
  }
  const check: ReportCheck = {
    name: 'every refund sent is its transfer on chain (from the treasury, to the payer, the recorded amount)',
    ok: unmatched.length === 0,
    detail:
      unmatched.length === 0
        ? `${sent} refunds, ${refundedWei} wei; ${pending} waiting; ${keptWei} wei kept as dust`
        : `no matching transfer on chain for refunds ${unmatched.slice(0, 20).join(', ')}`,
  };
  return { refundedWei, keptWei, sent, pending, check };
}

async function payoutOnChain(
  client: PublicClient,
  treasury: string,
  row: { txHash: string | null; toAddress: string; payoutWei: bigint },
): Promise<boolean> {
  if (!row.txHash) return false;
  const hash = row.txHash as Hex;
  const [transaction, mined] = await Promise.all([
    client.getTransaction({ hash }).catch(() => null),
    client.getTransactionReceipt({ hash }).catch(() => null),
  ]);
  return (
    transaction !== null &&
    mined?.status === 'success' &&
    transaction.from.toLowerCase() === treasury &&
    transaction.to?.toLowerCase() === row.toAddress.toLowerCase() &&
    transaction.value === row.payoutWei
  );
}

/**
 * What redeeming every OJO balance now would pay under the redemption rule (each player's cost basis, the bid at
 * the current price, the cheapest rate paid), and the cost basis players hold. No price: null.
 */
export async function redeemExposure(
  db: Database,
  config: AppConfig,
  prices: PriceSource,
  nowMs: number,
): Promise<{ redeemCostWei: bigint | null; costBasisWei: bigint }> {
  const holders = await db
    .select({ balance: ledgerBalances.balance, qty: coinCostBasis.qty, wei: coinCostBasis.wei })
    .from(ledgerBalances)
    .leftJoin(coinCostBasis, eq(coinCostBasis.userId, ledgerBalances.userId))
    .where(and(eq(ledgerBalances.asset, 'OJO'), gt(ledgerBalances.balance, 0n)));
  const bases = await db.select({ wei: coinCostBasis.wei }).from(coinCostBasis);
  const costBasisWei = bases.reduce((sum, row) => sum + row.wei, 0n);
  const price = ojoPerEth(prices, nowMs);
  if (!price) return { redeemCostWei: null, costBasisWei };
  const bid = bidRate(price.units, price.scale, config.coin.withdraw.spreadBps);
  const lowestPaid = await readLowestPaid(db);
  let redeemCostWei = 0n;
  for (const holder of holders) {
    const basis = { qty: holder.qty ?? 0n, wei: holder.wei ?? 0n };
    redeemCostWei += redeemPayout({ amount: holder.balance, basis, bid, lowestPaid }).payoutWei;
  }
  return { redeemCostWei, costBasisWei };
}
