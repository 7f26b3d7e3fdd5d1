import { type Hex, numberToHex } from 'viem';
import { env } from '@/config/env';
import { getAccountProvider } from '@/features/auth/wallet/get-account-provider';
import type { SendTransfer } from '@/features/wallet/components/send-dialog';

interface CallsStatus {
  status: number;
}

/**
 * The wallet's send as a user operation through the account provider (EIP-5792 `wallet_sendCalls`): its popup
 * shows the transfer and the player approves it there. The request is made synchronously inside the Confirm click,
 * so the browser lets the popup open. `succeeded` is the operation's on-chain outcome (`wallet_getCallsStatus` 200).
 */
export const sendThroughAccountProvider: SendTransfer = ({ from, to, valueWei }) => {
  const provider = getAccountProvider();
  if (provider.getAccounts().length === 0) provider.setAccounts([from]);
  const sent = provider.request({
    method: 'wallet_sendCalls',
    params: [
      {
        version: '2.0.0',
        from,
        chainId: numberToHex(env.chainId),
        atomicRequired: true,
        calls: [{ to, value: numberToHex(valueWei), data: '0x' }],
      },
    ],
  });
  return (async () => {
    const { id } = (await sent) as { id: Hex };
    const status = (await provider.request({ method: 'wallet_getCallsStatus', params: [id] })) as CallsStatus;
    return { userOpHash: id, succeeded: status.status === 200 };
  })();
};
