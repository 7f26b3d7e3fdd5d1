import type { TokenHistoryItem } from '@ojo/api-contract/wallet';
import type { Database } from '@ojo/db/client';
import type { User } from '@ojo/db/schema/users';
import { nativeTransfers } from '@ojo/db/schema/wallet-index';
import { and, desc, eq, ne, type SQL } from '@ojo/db/sql';
import { BALANCE_ASSET } from '@ojo/domain/constants';
import { formatUsd } from '@ojo/domain/format/amount';
import { fromBaseUnits } from '@ojo/domain/format/decimal';
import { usdValuer } from '@ojo/domain/wallet/balance';
import type { PriceSource } from '../prices/price-source';
import { smartAccountOf } from './smart-account';

/** What a history line says a transfer was, seen from the account. */
export const HISTORY_DESCRIPTIONS = { in: 'Received ETH', out: 'Sent ETH', fee: 'Network fee' } as const;

interface HistoryPageQuery {
  chainId: number;
  from: number;
  limit: number;
}

/**
 * The transfers of `account` (lower-case, as the index keeps addresses) on `chainId` that moved value, newest first
 * in the history's order (block, position in the block, call frame), `limit` from offset `from`. Its sends, then its
 * receipts from other addresses (a transfer to itself once), each read newest first off its index and cut at the
 * page's end: a page reads at most 2 × (from + limit) rows, whatever the account's history holds.
 */
async function selectHistoryPage(db: Database, account: string, query: HistoryPageQuery) {
  const side = (where: SQL | undefined) =>
    db
      .select({
        fromAddress: nativeTransfers.fromAddress,
        toAddress: nativeTransfers.toAddress,
        valueWei: nativeTransfers.valueWei,
        blockTime: nativeTransfers.blockTime,
        txHash: nativeTransfers.txHash,
        blockNumber: nativeTransfers.blockNumber,
        txIndex: nativeTransfers.txIndex,
        traceAddress: nativeTransfers.traceAddress,
      })
      .from(nativeTransfers)
      .where(and(eq(nativeTransfers.chainId, query.chainId), where, eq(nativeTransfers.status, 'success')))
      .orderBy(...historyOrder())
      .limit(query.from + query.limit);
  return side(eq(nativeTransfers.fromAddress, account))
    .unionAll(side(and(eq(nativeTransfers.toAddress, account), ne(nativeTransfers.fromAddress, account))))
    .orderBy(...historyOrder())
    .offset(query.from)
    .limit(query.limit);
}

/** A fresh order each time: drizzle rewrites the columns of a union's order in place. */
function historyOrder() {
  return [
    desc(nativeTransfers.blockNumber),
    desc(nativeTransfers.txIndex),
    desc(nativeTransfers.traceAddress),
  ];
}

/**
 * GET /token/histories: the caller's smart account's transfers that moved value (failed frames moved nothing), newest
 * first, `limit` from offset `from` (product.md 9); a user without a smart account (an old-type user) has no wallet and is
 * refused before any line is read. Each line says what the transfer was: received (from another address), sent, or
 * the network fee (sent to `entryPoint`). USD at the current price: product.md 9 converts in chunks of 50, and a page (at
 * most 20 lines) is converted at one price; with no current price the USD text is empty rather than wrong.
 */
export async function readHistories(
  db: Database,
  prices: PriceSource,
  user: User,
  query: HistoryPageQuery & { entryPoint?: string | null },
  nowMs: number,
): Promise<TokenHistoryItem[]> {
  const account = smartAccountOf(user);
  const entryPoint = query.entryPoint?.toLowerCase();
  const rows = await selectHistoryPage(db, account, query);
  const quote = prices.quote(BALANCE_ASSET.symbol, nowMs);
  const usdOf = quote && !quote.stale ? usdValuer(quote.price) : undefined;
  return rows.map((row): TokenHistoryItem => {
    const side = row.fromAddress === account ? 'out' : 'in';
    return {
      created: row.blockTime.getTime(),
      symbol: BALANCE_ASSET.symbol,
      desc:
        side === 'out' && row.toAddress === entryPoint
          ? HISTORY_DESCRIPTIONS.fee
          : HISTORY_DESCRIPTIONS[side],
      amount: fromBaseUnits(row.valueWei, BALANCE_ASSET.decimals),
      formattedUsdAmount: usdOf ? formatUsd(usdOf(row.valueWei)) : '',
      side,
      txHash: row.txHash,
    };
  });
}
