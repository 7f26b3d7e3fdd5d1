import type { TokenHistoryItem } from '@ojo/api-contract/wallet';
import type { Database } from '@ojo/db/client';
import { nativeTransfers } from '@ojo/db/schema/wallet-index';
import { and, desc, eq, or } from '@ojo/db/sql';
import { BALANCE_ASSET } from '@ojo/domain/constants';
import { formatUsd } from '@ojo/domain/format/amount';
import { fromBaseUnits } from '@ojo/domain/format/decimal';
import { usdValueOfWei } from '@ojo/domain/wallet/balance';
import { chunkForUsdConversion } from '@ojo/domain/wallet/history';
import type { Address } from 'viem';
import type { PriceSource } from '../prices/price-source';

/** What a history line says a transfer was, seen from the account. */
export const HISTORY_DESCRIPTIONS = { in: 'Received ETH', out: 'Sent ETH', fee: 'Network fee' } as const;

/**
 * GET /token/histories: the account's transfers that moved value (failed frames moved nothing), newest first,
 * `limit` from offset `from` (spec 9). USD at the current price, converted in chunks of 50 (spec 9); with no
 * current price the USD text is empty rather than wrong.
 */
export async function listHistories(
  db: Database,
  prices: PriceSource,
  query: {
    chainId: number;
    account: Address;
    from: number;
    limit: number;
    nowMs: number;
    /** The EntryPoint: what a smart account pays it is the gas of its user operations. */
    entryPoint?: string | null;
  },
): Promise<TokenHistoryItem[]> {
  const account = query.account.toLowerCase();
  const rows = await db
    .select()
    .from(nativeTransfers)
    .where(
      and(
        eq(nativeTransfers.chainId, query.chainId),
        eq(nativeTransfers.status, 'success'),
        or(eq(nativeTransfers.fromAddress, account), eq(nativeTransfers.toAddress, account)),
      ),
    )
    .orderBy(
      desc(nativeTransfers.blockNumber),
      desc(nativeTransfers.txIndex),
      desc(nativeTransfers.traceAddress),
    )
    .offset(query.from)
    .limit(query.limit);
  const quote = prices.quote(BALANCE_ASSET.symbol, query.nowMs);
  const price = quote && !quote.stale ? quote.price : undefined;
  return chunkForUsdConversion(rows).flatMap((chunk) =>
    chunk.map((row): TokenHistoryItem => {
      const side = row.fromAddress === account ? 'out' : 'in';
      return {
        created: row.blockTime.getTime(),
        symbol: BALANCE_ASSET.symbol,
        desc:
          side === 'out' && row.toAddress === query.entryPoint?.toLowerCase()
            ? HISTORY_DESCRIPTIONS.fee
            : HISTORY_DESCRIPTIONS[side],
        amount: fromBaseUnits(row.valueWei, BALANCE_ASSET.decimals),
        formattedUsdAmount: price ? formatUsd(usdValueOfWei(row.valueWei, price)) : '',
        side,
        txHash: row.txHash,
      };
    }),
  );
}
