import { HISTORY_PAGE_SIZE } from '@ojo/domain/constants';
import { HISTORY_SIDES } from '@ojo/domain/enums';
import { z } from 'zod';
import { MAX } from './bounds';
import { defineRoute } from './route';

/**
 * The wallet calls of product.md 7 ("Wallet and transactions"; wallet host, `{success, code, message, data}`), plus
 * the calls the spec names without a path (balance) and the devnet's faucet.
 */

const hash32 = z
  .string()
  .max(MAX.hash)
  .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte hex hash');
const decimalString = z
  .string()
  .max(MAX.decimal)
  .regex(/^-?\d+(\.\d+)?$/);

/** product.md 3 'Token price: symbol, price, timestamp.' `stale`: the source has no current price (product.md 8 never hides it). */
export const tokenTicker = z.object({
  symbol: z.string().max(MAX.key),
  price: decimalString,
  timestamp: z.number().int(),
  stale: z.boolean(),
});
export type TokenTicker = z.infer<typeof tokenTicker>;

/** GET /token/tickers/{symbol} (product.md 7: reads data.price and data.timestamp). Public: prices are nobody's secret. */
export const tokenTickerRoute = defineRoute({
  method: 'GET',
  path: '/token/tickers/:symbol',
  host: 'wallet',
  secure: false,
  summary: "A token's USD price and when the market set it",
  tags: ['wallet'],
  params: z.object({
    symbol: z
      .string()
      .max(MAX.key)
      .regex(/^[A-Za-z0-9]{1,16}$/),
  }),
  result: tokenTicker,
  errorStatuses: [404, 503],
});

/** product.md 3 'Balance item'. `balance` is in base units (wei), `formattedBalance` in ETH; USD values are decimals. */
export const balanceItem = z.object({
  balance: z.string().max(MAX.decimal).regex(/^\d+$/),
  contractAddress: z.string().max(MAX.address),
  name: z.string().max(MAX.name),
  symbol: z.string().max(MAX.key),
  decimals: z.number().int(),
  formattedBalance: decimalString,
  formattedUsdBalance: z.string().max(MAX.decimal),
  usdBalance: decimalString,
});
export type BalanceItemDto = z.infer<typeof balanceItem>;

/** GET /token/balances (secure; the spec names the call without a path): the player's smart account's ETH. */
export const tokenBalancesRoute = defineRoute({
  method: 'GET',
  path: '/token/balances',
  host: 'wallet',
  secure: true,
  summary: "The ETH balance of the session user's smart account, with its USD value",
  tags: ['wallet'],
  result: z.array(balanceItem).max(MAX.list),
  errorStatuses: [403, 503],
});

/** product.md 3 'Token history item: created, symbol, desc, amount, formattedUsdAmount, side (in or out), txHash.' */
export const tokenHistoryItem = z.object({
  created: z.number().int(),
  symbol: z.string().max(MAX.key),
  desc: z.string().max(MAX.text),
  /** ETH moved, a positive decimal; the side says which way. */
  amount: decimalString,
  formattedUsdAmount: z.string().max(MAX.decimal),
  side: z.enum(HISTORY_SIDES),
  txHash: hash32,
});
export type TokenHistoryItem = z.infer<typeof tokenHistoryItem>;

/** product.md 9: 'History page size 20, paged by offset.' */
export const tokenHistoriesQuery = z.object({
  from: z.coerce.number().int().min(0).max(10_000).default(0),
  limit: z.coerce.number().int().min(1).max(HISTORY_PAGE_SIZE).default(HISTORY_PAGE_SIZE),
});

/** GET /token/histories (secure; product.md 7: 'from and limit (20): response success, message, data.histories'). */
export const tokenHistoriesRoute = defineRoute({
  method: 'GET',
  path: '/token/histories',
  host: 'wallet',
  secure: true,
  summary: "The session user's ETH transfers, newest first, from the chain index",
  tags: ['wallet'],
  query: tokenHistoriesQuery,
  result: z.object({ histories: z.array(tokenHistoryItem).max(MAX.list) }),
  errorStatuses: [403],
});

/** What indexing a transaction at once found. */
export const processedTransaction = z.object({
  txHash: hash32,
  /** False while the transaction is not mined yet (the indexer takes it in when it is). */
  mined: z.boolean(),
  /** Transfers of product smart accounts it moved. */
  transfers: z.number().int(),
});

/** POST /transaction/process/{hash} (secure; product.md 7, also after a send): index this transaction now. */
export const processTransactionRoute = defineRoute({
  method: 'POST',
  path: '/transaction/process/:hash',
  host: 'wallet',
  secure: true,
  summary: 'Index a mined transaction at once, ahead of the indexer',
  tags: ['wallet'],
  params: z.object({ hash: hash32 }),
  result: processedTransaction,
  errorStatuses: [503],
});

/** POST /transaction/process/userOpHash (secure; product.md 7): index the transaction that carried a user operation. */
export const processUserOperationRoute = defineRoute({
  method: 'POST',
  path: '/transaction/process/userOpHash',
  host: 'wallet',
  secure: true,
  summary: 'Index the transaction of a user operation at once, ahead of the indexer',
  tags: ['wallet'],
  body: z.object({ userOpHash: hash32 }),
  result: processedTransaction.extend({ txHash: hash32.nullable() }),
  errorStatuses: [503],
});

/** POST /devnet/faucet (secure; only on the local devnet): funds the player's smart account for a demo. */
export const devnetFaucetRoute = defineRoute({
  method: 'POST',
  path: '/devnet/faucet',
  host: 'wallet',
  secure: true,
  summary: "Local devnet only: sends test ETH to the session user's smart account",
  tags: ['wallet'],
  result: z.object({ txHash: hash32, amount: decimalString }),
  errorStatuses: [403, 429, 503],
});

/** GET /wallet/settings (public): what the wallet screen may offer on this network. */
export const walletSettingsRoute = defineRoute({
  method: 'GET',
  path: '/wallet/settings',
  host: 'wallet',
  secure: false,
  summary: 'Whether this network has the devnet faucet, and what it sends',
  tags: ['wallet'],
  result: z.object({ hasFaucet: z.boolean(), faucetAmount: decimalString.nullable() }),
});
