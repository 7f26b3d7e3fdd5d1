import type { TokenHistoryItem } from '@ojo/api-contract/wallet';
import type { Database } from '@ojo/db/client';
import {
  type AcceptSession,
  type OpenSessionValues,
  openSessionCondition,
  sessionUserColumns,
  sessionUserJoin,
} from '@ojo/db/open-session';
import { preparedQuery } from '@ojo/db/prepared';
import { sessions } from '@ojo/db/schema/sessions';
import { users } from '@ojo/db/schema/users';
import { type NativeTransfer, nativeTransfers } from '@ojo/db/schema/wallet-index';
import { and, desc, eq, or, sql } from '@ojo/db/sql';
import { BALANCE_ASSET } from '@ojo/domain/constants';
import { formatUsd } from '@ojo/domain/format/amount';
import { fromBaseUnits } from '@ojo/domain/format/decimal';
import { usdValueOfWei } from '@ojo/domain/wallet/balance';
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

/**
 * The history page read in one statement: the caller's open session and user, and the transfers of the user's smart
 * account on the placeholder `chainId`, `from` and `limit`. No row when the session
 * is not open; one row with a null transfer when the page is empty (or the user has no smart account).
 */
const selectSessionHistories = preparedQuery('session_token_histories', (db, name) => {
  const account = sql`lower(${users.smartAccountAddress})`;
  const page = db
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
    .where(
      and(
        eq(nativeTransfers.chainId, sql.placeholder('chainId')),
        eq(nativeTransfers.status, 'success'),
        or(eq(nativeTransfers.fromAddress, account), eq(nativeTransfers.toAddress, account)),
      ),
    )
    .orderBy(
      desc(nativeTransfers.blockNumber),
      desc(nativeTransfers.txIndex),
      desc(nativeTransfers.traceAddress),
    )
    .offset(sql.placeholder('from'))
    .limit(sql.placeholder('limit'))
    .as('history_page');
  return db
    .select({
      ...sessionUserColumns,
      transfer: {
        fromAddress: page.fromAddress,
        toAddress: page.toAddress,
        valueWei: page.valueWei,
        blockTime: page.blockTime,
        txHash: page.txHash,
      },
    })
    .from(sessions)
    .innerJoin(users, sessionUserJoin)
    .leftJoinLateral(page, sql`true`)
    .where(openSessionCondition())
    .orderBy(desc(page.blockNumber), desc(page.txIndex), desc(page.traceAddress))
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
  const [first] = rows;
  accept(first);
  const account = smartAccountOf(first!.user).toLowerCase();
  const transfers = rows.flatMap((row) => (row.transfer ? [row.transfer] : []));
  return toHistoryItems(transfers, account, prices, {
    nowMs: session.now.getTime(),
    entryPoint: query.entryPoint,
  });
}
