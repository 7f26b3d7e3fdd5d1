import { smartAccountAddress } from '@ojo/domain/session/user';
import type { Address } from 'viem';
import { useSessionUser } from '@/features/auth/hooks/use-auth';
import { WalletPage } from '@/features/wallet/components/wallet-page';
import { sendThroughAccountProvider } from '../wallet/send-through-account-provider';

/** /wallet: the wallet feature with the logged-in player's smart account and the account provider's send. */
export function Component() {
  const { status, user } = useSessionUser();
  const account = status === 'loggedIn' ? (smartAccountAddress(user) as Address | null) : null;
  return <WalletPage account={account} sendTransfer={sendThroughAccountProvider} />;
}
