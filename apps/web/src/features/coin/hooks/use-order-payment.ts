import { ASSET_REFRESH_AFTER_BUY_MS } from '@ojo/domain/constants';
import { BUY_OJO_TEXT } from '@ojo/domain/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Address, Hex } from 'viem';
import { toast } from '@/components/ui/toast';
import { apiErrorText } from '@/lib/error-text';
import { reportPayment } from '../api/report-payment';

/**
 * How the app pays an order from the smart account (a user operation approved in the account provider): `prepare`
 * runs synchronously inside the click, so the provider's popup may open; `pay` sends the native ETH with call data.
 */
export interface OrderPayer {
  prepare(): void;
  /** Closes what `prepare` opened when there is nothing to pay (the order failed). */
  abandon(): void;
  pay(payment: { from: Address; to: Address; valueWei: bigint; data: Hex }): Promise<{
    userOpHash: Hex;
    succeeded: boolean;
  }>;
}

/** What paying an order sends: the quote in wei to the receipt address, with the order id as call data. */
export interface PayableOrder {
  receiptAddress: string;
  quoteWei: string;
  callData: string;
}

/**
 * product.md 4 Buy OJO from 'Transaction in process' on: get the order (a new one, or one placed earlier and not paid),
 * pay it, report the hash, say 'Successfully transaction' and refresh the assets 3 seconds later. An order that
 * cannot be placed says why (the API's reason, else 'Failed to order, please try again'); a payment that fails says
 * 'Failed to pay, please try again'. `errorValues` fill the reason's figures.
 */
export function useOrderPayment(payer: OrderPayer, account: Address) {
  const queryClient = useQueryClient();
  const [isBusy, setIsBusy] = useState(false);

  const payOrder = (
    getOrder: () => Promise<PayableOrder>,
    options: { errorValues?: Record<string, string>; onPaid?: () => void } = {},
  ) => {
    if (isBusy) return;
    try {
      // Synchronously inside the click: the provider's popup opens now (it asks once the order is known).
      payer.prepare();
    } catch {
      // A blocked popup: the payment below reports the failure.
    }
    setIsBusy(true);
    const processing = toast.info(BUY_OJO_TEXT.inProcess);
    void (async () => {
      let order: PayableOrder;
      try {
        order = await getOrder();
      } catch (error) {
        payer.abandon();
        toast.dismiss(processing);
        toast.error(apiErrorText(error, BUY_OJO_TEXT.orderFailed, options.errorValues));
        return;
      }
      try {
        const paid = await payer.pay({
          from: account,
          to: order.receiptAddress as Address,
          valueWei: BigInt(order.quoteWei),
          data: order.callData as Hex,
        });
        if (!paid.succeeded) throw new Error('payment reverted');
        await reportPayment(paid.userOpHash).catch(() => undefined);
      } catch {
        toast.dismiss(processing);
        toast.error(BUY_OJO_TEXT.payFailed);
        void queryClient.invalidateQueries();
        return;
      }
      toast.dismiss(processing);
      toast.success(BUY_OJO_TEXT.success);
      options.onPaid?.();
      // product.md 9: 'Asset refresh after buy: 3 seconds.'
      setTimeout(() => void queryClient.invalidateQueries(), ASSET_REFRESH_AFTER_BUY_MS);
    })().finally(() => setIsBusy(false));
  };

  return { isBusy, payOrder };
}
