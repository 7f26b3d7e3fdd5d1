import type { CoinOrderDto } from '@ojo/api-contract/coin';
import type { Database } from '@ojo/db/client';
import { coinOrders } from '@ojo/db/schema/coin';
import { type User, users } from '@ojo/db/schema/users';
import { and, eq, gt, sql } from '@ojo/db/sql';
import { ojoCostWei } from '@ojo/domain/coin/buy-ojo';
import { orderIdCallData } from '@ojo/domain/coin/withdraw-limits';
import { BALANCE_ASSET } from '@ojo/domain/constants';
import { fromBaseUnits } from '@ojo/domain/format/decimal';
import type { AppConfig } from '../../config/env';
import type { PriceSource } from '../prices/price-source';
import { currentOjoPerEth } from './coin-price';
import { coinErrors } from './errors';
import { packageQuoteWei } from './get-coin-config';
import { receiptAddress } from './receipt-address';

export type OrderRequest = { base: 'OJO'; quote: 'ETH'; baseQty: string | number } | { packageId: string };

/**
 * POST /coin/orders: prices the order from the price service now and holds the quote COIN_QUOTE_HOLD_SECONDS. The
 * player then pays `quoteWei` from their smart account to the receipt address with the order id as call data.
 */
export async function createOrder(
  db: Database,
  config: AppConfig,
  prices: PriceSource,
  user: User,
  request: OrderRequest,
  nowMs: number,
): Promise<CoinOrderDto> {
  const payerAddress = user.smartAccountAddress?.toLowerCase();
  if (!payerAddress) throw coinErrors.smartAccountRequired();
  const price = currentOjoPerEth(prices, nowMs);
  let baseQty: bigint;
  let quoteWei: bigint;
  let packageId: string | null = null;
  if ('packageId' in request) {
    const item = config.coin.packages.find((candidate) => candidate.id === request.packageId);
    if (!item) throw coinErrors.unknownPackage();
    baseQty = item.baseQty;
    quoteWei = packageQuoteWei(item.baseQty, item.discount, price.price).quote;
    packageId = item.id;
  } else {
    baseQty = wholeQty(request.baseQty, config.coin.minQty, config.coin.maxQty);
    const cost = ojoCostWei(baseQty, price.price);
    if (cost === null) throw coinErrors.priceUnavailable();
    quoteWei = cost;
  }
  const expiresAt = new Date(nowMs + config.coin.quoteHoldSeconds * 1000);
  // The player's row is locked while their open orders are counted: concurrent creates cannot pass the cap together.
  const order = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [open] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(coinOrders)
      .where(
        and(
          eq(coinOrders.userId, user.id),
          eq(coinOrders.state, 'created'),
          gt(coinOrders.expiresAt, new Date(nowMs)),
        ),
      );
    if (Number(open?.count ?? 0) >= config.coin.maxOpenOrders) throw coinErrors.tooManyOpenOrders();
    const [inserted] = await tx
      .insert(coinOrders)
      .values({
        userId: user.id,
        payerAddress,
        packageId,
        baseQty,
        quoteWei,
        price: price.price,
        expiresAt,
        createdAt: new Date(nowMs),
        updatedAt: new Date(nowMs),
      })
      .returning();
    return inserted;
  });
  if (!order) throw new Error('coin order not inserted');
  return {
    orderId: order.id,
    baseQty: baseQty.toString(),
    quoteQty: fromBaseUnits(quoteWei, BALANCE_ASSET.decimals),
    quoteWei: quoteWei.toString(),
    receiptAddress: receiptAddress(config),
    callData: orderIdCallData(order.id),
    expiresAt: expiresAt.getTime(),
  };
}

/** The OJO quantity asked for, between the minimum and the maximum (a 400 with the bound otherwise). */
function wholeQty(value: string | number, min: bigint, max: bigint): bigint {
  const text =
    typeof value === 'number' && Number.isInteger(value) ? BigInt(value).toString() : String(value);
  if (!/^\d+$/.test(text)) throw coinErrors.belowMinimum(min);
  const qty = BigInt(text);
  if (qty < min) throw coinErrors.belowMinimum(min);
  if (qty > max) throw coinErrors.aboveMaximum(max);
  return qty;
}
