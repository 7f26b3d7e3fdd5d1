import { zeroEthBalance } from '@ojo/domain/wallet/balance';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Address } from 'viem';
import { Page } from '@/components/ui/page';
import { env } from '@/config/env';
import { ROUTES } from '@/config/routes';
import { useEthBalance } from '../api/get-balances';
import { BalanceCard } from './balance-card';
import { DepositDialog } from './deposit-dialog';
import { HistoryList } from './history-list';
import { SendDialog, type SendTransfer } from './send-dialog';

interface WalletPageProps {
  /** The logged-in player's smart account, or null when logged out (or no smart account yet). */
  account: Address | null;
  sendTransfer: SendTransfer;
}

/** The explorer's address page (product.md 2 'View more in Scan'). */
export const explorerAddressUrl = (address: string) => env.explorerAddressUrl.replace('{address}', address);

function WalletContent({ account, sendTransfer }: { account: Address; sendTransfer: SendTransfer }) {
  const balance = useEthBalance({ enabled: true });
  const [dialog, setDialog] = useState<'deposit' | 'send' | null>(null);
  const openChange = (which: 'deposit' | 'send') => (isOpen: boolean) => setDialog(isOpen ? which : null);
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)]">
      <div>
        <BalanceCard
          address={account}
          balance={balance.data}
          onDeposit={() => setDialog('deposit')}
          onSend={() => setDialog('send')}
        />
      </div>
      <HistoryList explorerUrl={explorerAddressUrl(account)} />
      <DepositDialog address={account} isOpen={dialog === 'deposit'} onOpenChange={openChange('deposit')} />
      <SendDialog
        address={account}
        balanceEth={(balance.data ?? zeroEthBalance()).formattedBalance}
        isOpen={dialog === 'send'}
        onOpenChange={openChange('send')}
        sendTransfer={sendTransfer}
      />
    </div>
  );
}

/** product.md 2 Wallet (/wallet): balance card, deposit and send dialogs, history. */
export function WalletPage({ account, sendTransfer }: WalletPageProps) {
  return (
    <Page
      title={ROUTES.wallet.title}
      description="The ETH of your smart account: deposit, send and see your history."
    >
      {account ? (
        <WalletContent account={account} sendTransfer={sendTransfer} />
      ) : (
        <div className="flex flex-col items-start gap-4 rounded-3xl border border-white/10 bg-arena-900/70 p-6 sm:p-8">
          <h2 className="font-display text-2xl font-black uppercase italic text-white">
            Log in to see your wallet
          </h2>
          <p className="max-w-xl text-slate-300">
            Your balance, deposits, sends and history appear here once you are logged in.
          </p>
          <Link
            to={ROUTES.home.path}
            className="rounded-xl bg-lime px-5 py-3 text-sm font-black uppercase tracking-wider text-arena-950 hover:brightness-110"
          >
            Log in on the home page
          </Link>
        </div>
      )}
    </Page>
  );
}
