import type { TokenHistoryItem } from '@ojo/api-contract/wallet';
import type { Database } from '@ojo/db/client';
import {
  type AcceptSession,
  type OpenSessionValues,
  openSessionCondition,
  sessionUserColumns,
  sessionUserJoin,
} from '@ojo/db/open-session';
import { preparedRead } from '@ojo/db/prepared';
import { sessions } from '@ojo/db/schema/sessions';
import { users } from '@ojo/db/schema/users';
import { type NativeTransfer, nativeTransfers } from '@ojo/db/schema/wallet-index';
import { type SQL, sql } from '@ojo/db/sql';
import { BALANCE_ASSET } from '@ojo/domain/constants';
import { formatUsd } from '@ojo/domain/format/amount';
import { fromBaseUnits } from '@ojo/domain/format/decimal';
import { usdValuer } from '@ojo/domain/wallet/balance';
import { chunkForUsdConversion } from '@ojo/domain/wallet/history';
import type { PriceSource } from '../prices/price-source';
import { smartAccountOf } from './smart-account';

/** What a history line says a transfer was, seen from the account. */
export const HISTORY_DESCRIPTIONS = { in: 'Received ETH', out: 'Sent ETH', fee: 'Network fee' } as const;

/** The transfers as history lines seen from `account` (lower-case), newest first. */
function toHistoryItems(
  rows: Pick<NativeTransfer, 'fromAddress' | 'toAddress' | 'valueWei' | 'blockTime' | 'txHash'>[],
  account: string,
  prices: PriceSource,
  query: { nowMs: number; entryPoint?: string | null },
): TokenHistoryItem[] {
  const quote = prices.quote(BALANCE_ASSET.symbol, query.nowMs);
  // Parsed once for the page (spec 9 converts in chunks of 50; the price is the same for every line).
  const usdOf = quote && !quote.stale ? usdValuer(quote.price) : undefined;
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
        formattedUsdAmount: usdOf ? formatUsd(usdOf(row.valueWei)) : '',
        side,
        txHash: row.txHash,
      };
    }),
  );
}

/** A transfer of the page as the one-row read aggregates it (JSON: the value as text, the block time in epoch ms). */
interface PageTransferJson {
  fromAddress: string;
  toAddress: string;
  valueWei: string;
  blockMs: number;
  txHash: string;
}

/**
 * The history page read in one statement and one row: the caller's open session and user, and the transfers of the
 * user's smart account on the placeholder `chainId`, `from` and `limit`, newest first, as one JSON array. No row
 * when the session is not open. One row rather than one per transfer with the user's columns repeated
 * (`npm run bench:api`).
 */
const selectSessionHistories = preparedRead('session_token_histories', (db, name) => {
  const account = sql`lower(${users.smartAccountAddress})`;
  // The account's sent, then received (a transfer to itself once), each read newest first off its index in the
  // history's order and cut at the page's end: the page reads at most 2 × (from + limit) rows, whatever the
  // account's history holds, instead of all of it and a sort.
  const pageOf = (side: SQL) => sql`
    select ${nativeTransfers.fromAddress} as from_address, ${nativeTransfers.toAddress} as to_address,
      ${nativeTransfers.valueWei} as value_wei, ${nativeTransfers.blockTime} as block_time,
      ${nativeTransfers.txHash} as tx_hash, ${nativeTransfers.blockNumber} as block_number,
      ${nativeTransfers.txIndex} as tx_index, ${nativeTransfers.traceAddress} as trace_address
    from ${nativeTransfers}
    where ${nativeTransfers.chainId} = ${sql.placeholder('chainId')} and ${side}
      and ${nativeTransfers.status} = 'success'
    order by ${nativeTransfers.blockNumber} desc, ${nativeTransfers.txIndex} desc, ${nativeTransfers.traceAddress} desc
    limit ${sql.placeholder('from')}::bigint + ${sql.placeholder('limit')}::bigint`;
  return db
    .select({
      ...sessionUserColumns,
      transfers: sql<PageTransferJson[]>`(
        select coalesce(json_agg(json_build_object(
          'fromAddress', page.from_address, 'toAddress', page.to_address, 'valueWei', page.value_wei::text,
          'blockMs', floor(extract(epoch from page.block_time) * 1000)::bigint, 'txHash', page.tx_hash
        ) order by page.block_number desc, page.tx_index desc, page.trace_address desc), '[]'::json)
        from (
          (${pageOf(sql`${nativeTransfers.fromAddress} = ${account}`)})
          union all
          (${pageOf(sql`${nativeTransfers.toAddress} = ${account} and ${nativeTransfers.fromAddress} <> ${account}`)})
          order by block_number desc, tx_index desc, trace_address desc
          offset ${sql.placeholder('from')} limit ${sql.placeholder('limit')}
        ) page
      )`,
    })
    .from(sessions)
    .innerJoin(users, sessionUserJoin)
    .where(openSessionCondition())
    .prepare(name);
});

/**
 * GET /token/histories: the caller's smart account's transfers that moved value (failed frames moved nothing), newest
 * first, `limit` from offset `from` (spec 9), read with the session check in one statement (`accept` takes the
 * session row first; then a user without a smart account is refused). USD at the current price, converted in chunks
 * of 50 (spec 9); with no current price the USD text is empty rather than wrong.
 */
export async function readSessionHistories(
  db: Database,
  prices: PriceSource,
  session: OpenSessionValues,
  accept: AcceptSession,
  query: { chainId: number; from: number; limit: number; entryPoint?: string | null },
): Promise<TokenHistoryItem[]> {
  const rows = await selectSessionHistories(db, {
    ...session,
    chainId: query.chainId,
    from: query.from,
    limit: query.limit,
  });
  const [row] = rows;
  accept(row);
  const account = smartAccountOf(row!.user).toLowerCase();
  const transfers = row!.transfers.map((transfer) => ({
    fromAddress: transfer.fromAddress,
    toAddress: transfer.toAddress,
    valueWei: BigInt(transfer.valueWei),
    blockTime: new Date(transfer.blockMs),
    txHash: transfer.txHash,
  }));
  return toHistoryItems(transfers, account, prices, {
    nowMs: session.now.getTime(),
    entryPoint: query.entryPoint,
  });
}
