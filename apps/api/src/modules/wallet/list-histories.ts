import type { TokenHistoryItem } from '@ojo/api-contract/wallet';
import { type Database, queryRows } from '@ojo/db/client';
import { epochMs, jsonArrayText, jsonConstant, jsonObjectText } from '@ojo/db/json-text';
import type { User } from '@ojo/db/schema/users';
import { nativeTransfers } from '@ojo/db/schema/wallet-index';
import { type SQL, sql } from '@ojo/db/sql';
import { BALANCE_ASSET } from '@ojo/domain/constants';
import { USD_VALUE_DECIMALS, usdPriceUnits } from '@ojo/domain/wallet/balance';
import { jsonListText } from '../../lib/serialize-response';
import type { PriceSource } from '../prices/price-source';
import { smartAccountOf } from './smart-account';

/** What a history line says a transfer was, seen from the account. */
export const HISTORY_DESCRIPTIONS = { in: 'Received ETH', out: 'Sent ETH', fee: 'Network fee' } as const;

/** A numeric literal of 10^-decimals, exact in PostgreSQL (a product with it keeps every digit). */
const tenToMinus = (decimals: number) => sql.raw(`1e-${decimals}`);

/** Below this, `formattedUsd` writes a value with `to_char` and its mask; from it on, with a regular expression. */
const USD_MASK_BELOW = '1e15';
/** 18 digits before the point: every value below `USD_MASK_BELOW`, rounded to cents, fits it. */
const USD_MASK = 'FM999,999,999,999,999,990.00';

/**
 * `formatUsd` of a numeric USD value (spec 5 Other: two decimals, rounded half away from zero, 3-digit grouping), as
 * PostgreSQL writes it: `round` rounds a numeric half away from zero, then `to_char` groups it by three with the
 * literal commas of its mask. A value too large for the mask (over a quadrillion dollars) is grouped by a regular
 * expression instead (every digit followed by a multiple of three digits up to the point takes a comma), about ten
 * times slower than `to_char`, so the common case does not pay for it. Null stays null. The history test checks it
 * against `formatUsd` on both sides of the switch.
 */
const formattedUsd = (usd: SQL) =>
  sql`case when ${usd} < ${sql.raw(USD_MASK_BELOW)} then to_char(round(${usd}, 2), ${sql.raw(`'${USD_MASK}'`)})
    else regexp_replace(round(${usd}, 2)::text, '(\\d)(?=(\\d{3})+[.])', '\\1,', 'g') end`;

/** What one history page is read for: the user, the chain, the page and the values its lines are worked out with. */
interface HistoryPageQuery {
  /** The smart account, lower-case as the transfers keep addresses (the users table checks it). */
  account: string;
  chainId: number;
  from: number;
  limit: number;
  /** The network fee's recipient, lower-case, or null. */
  entryPoint: string | null;
  /** The page's price in 10^-8 USD per ETH (`usdPriceUnits`), as text, or null without a current price. */
  usdPriceUnits: string | null;
}

/**
 * The history page read in one statement and one row: the transfers of the user's smart account on `chainId`,
 * `from` and `limit`, newest first, as the JSON text of the answer's `TokenHistoryItem`s, each line as the page shows
 * it, written by concatenation (`jsonObjectText`):
 * - what it was: received (from another address), or sent, or the network fee (sent to `entryPoint`);
 * - its amount as a plain decimal of ETH, `trim_scale(wei × 10^-18)`, exactly what `fromBaseUnits` writes;
 * - its USD text at the page's price, `usdPriceUnits`: floor(wei × units / 10^18) × 10^-8 as `usdValueOfWei`
 *   computes it, then `formattedUsd`; '' when it is null (no current price).
 */
async function selectHistories(db: Database, query: HistoryPageQuery): Promise<string> {
  const account = query.account;
  // The account's sent, then received (a transfer to itself once), each read newest first off its index in the
  // history's order and cut at the page's end: the page reads at most 2 × (from + limit) rows, whatever the
  // account's history holds, instead of all of it and a sort.
  const pageOf = (side: SQL, kind: SQL) => sql`
    select ${kind} as kind, ${nativeTransfers.valueWei} as value_wei, ${nativeTransfers.blockTime} as block_time,
      ${nativeTransfers.txHash} as tx_hash, ${nativeTransfers.blockNumber} as block_number,
      ${nativeTransfers.txIndex} as tx_index, ${nativeTransfers.traceAddress} as trace_address
    from ${nativeTransfers}
    where ${nativeTransfers.chainId} = ${query.chainId} and ${side}
      and ${nativeTransfers.status} = 'success'
    order by ${nativeTransfers.blockNumber} desc, ${nativeTransfers.txIndex} desc, ${nativeTransfers.traceAddress} desc
    limit ${query.from}::bigint + ${query.limit}::bigint`;
  const sentKind = sql`case when ${nativeTransfers.toAddress} = ${query.entryPoint} then 'fee' else 'out' end`;
  const usd = sql`div(cut.value_wei * ${query.usdPriceUnits}::numeric,
    ${sql.raw(`1e${BALANCE_ASSET.decimals}`)}) * ${tenToMinus(USD_VALUE_DECIMALS)}`;
  const histories = jsonArrayText(
    jsonObjectText({
      created: { number: epochMs(sql`page.block_time`) },
      symbol: { constant: BALANCE_ASSET.symbol },
      desc: {
        json: sql`case page.kind when 'in' then ${jsonConstant(HISTORY_DESCRIPTIONS.in)}
              when 'fee' then ${jsonConstant(HISTORY_DESCRIPTIONS.fee)} else ${jsonConstant(HISTORY_DESCRIPTIONS.out)} end`,
      },
      amount: {
        plainText: sql`trim_scale(page.value_wei * ${tenToMinus(BALANCE_ASSET.decimals)})::text`,
      },
      formattedUsdAmount: { plainText: sql`coalesce(${formattedUsd(sql`page.usd`)}, '')` },
      side: { plainText: sql`case page.kind when 'in' then 'in' else 'out' end` },
      // A hash as the chain writes it (checked by the table: 0x and 64 lower-case hex digits): no escaping.
      txHash: { plainText: sql`page.tx_hash` },
    }),
    sql`(
          select cut.*, ${usd} as usd
          from (
            (${pageOf(sql`${nativeTransfers.fromAddress} = ${account}`, sentKind)})
            union all
            (${pageOf(sql`${nativeTransfers.toAddress} = ${account} and ${nativeTransfers.fromAddress} <> ${account}`, sql`'in'`)})
            order by block_number desc, tx_index desc, trace_address desc
            offset ${query.from} limit ${query.limit}
          ) cut
          -- Kept a subquery (not merged into the lines), so each line's USD value is computed once.
          offset 0
        ) page`,
    sql`page.block_number desc, page.tx_index desc, page.trace_address desc`,
  );
  const [row] = await queryRows<{ histories: string }>(db, sql`select ${histories} as histories`);
  return row?.histories ?? '[]';
}

/** The last price the page was read at and its `usdPriceUnits` text: the price moves every 250 ms at most. */
let lastPrice: { price: string; units: string } | undefined;
function priceUnitsText(price: string): string {
  if (lastPrice?.price !== price) lastPrice = { price, units: usdPriceUnits(price).toString() };
  return lastPrice.units;
}

/**
 * GET /token/histories: the caller's smart account's transfers that moved value (failed frames moved nothing), newest
 * first, `limit` from offset `from` (spec 9); a user without a smart account (an old-type user) has no wallet and is
 * refused before any line is read. Sent as the statement wrote them (`jsonListText`). USD at the current price: spec
 * 9 converts in chunks of 50, and a page (at most 20 lines) is converted at one price; with no current price the USD
 * text is empty rather than wrong.
 */
export async function readHistories(
  db: Database,
  prices: PriceSource,
  user: User,
  query: { chainId: number; from: number; limit: number; entryPoint?: string | null },
  nowMs: number,
): Promise<TokenHistoryItem[]> {
  const account = smartAccountOf(user);
  const quote = prices.quote(BALANCE_ASSET.symbol, nowMs);
  const histories = await selectHistories(db, {
    account,
    chainId: query.chainId,
    from: query.from,
    limit: query.limit,
    entryPoint: query.entryPoint?.toLowerCase() ?? null,
    usdPriceUnits: quote && !quote.stale ? priceUnitsText(quote.price) : null,
  });
  return jsonListText<TokenHistoryItem>(histories);
}
