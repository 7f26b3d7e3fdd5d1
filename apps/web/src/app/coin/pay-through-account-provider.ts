import { type Hex, numberToHex } from 'viem';
import { env } from '@/config/env';
import { getAccountProvider } from '@/features/auth/wallet/get-account-provider';
import type { OrderPayer } from '@/features/coin/hooks/use-order-payment';

interface CallsStatus {
  status: number;
}

/**
 * Pays a coin order from the smart account: one `wallet_sendCalls` user operation (native ETH to the receipt address
 * with the order id as call data), approved in the account provider's popup. `prepare` opens the popup inside the
 * click; the request follows once the order is placed.
 */
export const payThroughAccountProvider: OrderPayer = {
  prepare() {
    getAccountProvider().openPopup();
  },
  abandon() {
    getAccountProvider().close();
  },
  async pay({ from, to, valueWei, data }) {
    const provider = getAccountProvider();
    if (provider.getAccounts().length === 0) provider.setAccounts([from]);
    const { id } = (await provider.request({
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          from,
          chainId: numberToHex(env.chainId),
          atomicRequired: true,
          calls: [{ to, value: numberToHex(valueWei), data }],
        },
      ],
    })) as { id: Hex };
    const status = (await provider.request({ method: 'wallet_getCallsStatus', params: [id] })) as CallsStatus;
    return { userOpHash: id, succeeded: status.status === 200 };
  },
};
