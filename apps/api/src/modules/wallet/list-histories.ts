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
import { nativeTransfers } from '@ojo/db/schema/wallet-index';
import { type SQL, sql } from '@ojo/db/sql';
import { BALANCE_ASSET } from '@ojo/domain/constants';
import { formatUsd } from '@ojo/domain/format/amount';
import { USD_VALUE_DECIMALS, usdPriceUnits } from '@ojo/domain/wallet/balance';
import { chunkForUsdConversion } from '@ojo/domain/wallet/history';
import type { PriceSource } from '../prices/price-source';
import { smartAccountOf } from './smart-account';

/** What a history line says a transfer was, seen from the account. */
export const HISTORY_DESCRIPTIONS = { in: 'Received ETH', out: 'Sent ETH', fee: 'Network fee' } as const;

/** What a transfer was, seen from the account: received, sent, or the network fee sent to the entry point. */
type TransferKind = keyof typeof HISTORY_DESCRIPTIONS;

/**
 * A transfer of the page as the one-row read writes it (a JSON array, so the page's JSON is short): its kind seen
 * from the account, its amount as a plain decimal of ETH (the conversion `fromBaseUnits` does, exactly), its block
 * time in epoch ms, its hash, and its USD value at the page's price as `usdValueOfWei` computes it (integer
 * arithmetic, truncated to 8 decimals), or null without a current price.
 */
type PageTransfer = [kind: TransferKind, amount: string, blockMs: number, txHash: string, usd: string | null];

/** A numeric literal of 10^-decimals, exact in PostgreSQL (a product with it keeps every digit). */
const tenToMinus = (decimals: number) => sql.raw(`1e-${decimals}`);

/**
 * The history page read in one statement and one row: the caller's open session and user, and the transfers of the
 * user's smart account on the placeholder `chainId`, `from` and `limit`, newest first, as one JSON array of
 * `PageTransfer`s (a transfer to the placeholder `entryPoint`, lower-case or null, is the network fee). No row when
 * the session is not open. One row rather than one per transfer with the user's columns repeated, and each line as
 * the page needs it rather than the addresses it is worked out from (`npm run bench:api`).
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
      transfers: sql<PageTransfer[]>`(
        select coalesce(json_agg(json_build_array(
          case when page.from_address <> ${account} then 'in'
            when page.to_address = ${sql.placeholder('entryPoint')} then 'fee' else 'out' end,
          trim_scale(page.value_wei * ${tenToMinus(BALANCE_ASSET.decimals)})::text,
          floor(extract(epoch from page.block_time) * 1000)::bigint, page.tx_hash,
          trim_scale(div(page.value_wei * ${sql.placeholder('usdPriceUnits')}::numeric,
            ${sql.raw(`1e${BALANCE_ASSET.decimals}`)}) * ${tenToMinus(USD_VALUE_DECIMALS)})::text
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
  const quote = prices.quote(BALANCE_ASSET.symbol, session.now.getTime());
  const [row] = await selectSessionHistories(db, {
    ...session,
    // The USD values are worked out by the read at one price for the page (spec 9 converts in chunks of 50; the
    // price is the same for every line); with no current price, none.
    usdPriceUnits: quote && !quote.stale ? usdPriceUnits(quote.price).toString() : null,
    chainId: query.chainId,
    entryPoint: query.entryPoint?.toLowerCase() ?? null,
    from: query.from,
    limit: query.limit,
  });
  accept(row);
  // A user without a smart account (an old-type user) has no wallet: refused before any line is shown.
  smartAccountOf(row!.user);
  return chunkForUsdConversion(row!.transfers).flatMap((chunk) =>
    chunk.map(
      ([kind, amount, blockMs, txHash, usd]): TokenHistoryItem => ({
        created: blockMs,
        symbol: BALANCE_ASSET.symbol,
        desc: HISTORY_DESCRIPTIONS[kind],
        amount,
        formattedUsdAmount: usd === null ? '' : formatUsd(usd),
        side: kind === 'in' ? 'in' : 'out',
        txHash,
      }),
    ),
  );
}
