import { WALLET_TEXT } from '@ojo/domain/messages';
import { toast } from '@/components/ui/toast';
import { env } from '@/config/env';
import { useWalletSettings } from '../api/get-wallet-settings';
import { useDevnetFaucet } from '../api/request-devnet-faucet';
import { useQrCode } from '../hooks/use-qr-code';
import { AddressBadge } from './address-badge';
import { WALLET_PRIMARY_BUTTON, WALLET_SECONDARY_BUTTON, WalletDialog } from './wallet-dialog';

/** product.md 2 Deposit dialog: a skeleton while the QR renders, on failure the error with a retry link (product.md 8). */
function AddressQrCode({ address }: { address: string }) {
  const { state, retry } = useQrCode(address);
  if (state.status === 'ready') {
    return (
      <img src={state.dataUrl} alt={`QR code of ${address}`} className="size-48 rounded-2xl bg-white p-2" />
    );
  }
  if (state.status === 'failed') {
    return (
      <div
        role="alert"
        className="grid size-48 place-items-center rounded-2xl border border-rose-400/40 p-4 text-center text-sm text-rose-200"
      >
        <p>
          {WALLET_TEXT.qrFailed}{' '}
          <button type="button" onClick={retry} className="font-bold text-lime underline">
            {WALLET_TEXT.qrRetry}
          </button>
        </p>
      </div>
    );
  }
  return (
    <div
      aria-label="Generating QR code"
      role="status"
      className="size-48 animate-pulse rounded-2xl bg-white/10"
      data-testid="qr-skeleton"
    />
  );
}

/** On the local devnet only: funds the account so a demo can start from nothing. */
function DevnetFaucetButton() {
  const settings = useWalletSettings();
  const faucet = useDevnetFaucet();
  if (!settings.data?.hasFaucet) return null;
  return (
    <button
      type="button"
      disabled={faucet.isPending}
      className={WALLET_SECONDARY_BUTTON}
      onClick={() =>
        faucet.mutate(undefined, {
          onSuccess: (funded) =>
            toast.success(`Received ${funded?.amount ?? ''} test ETH from the devnet faucet`),
          onError: () => toast.error('The devnet faucet did not answer. Please try again.'),
        })
      }
    >
      {faucet.isPending ? 'Funding…' : `Get ${settings.data.faucetAmount} test ETH (devnet faucet)`}
    </button>
  );
}

interface DepositDialogProps {
  address: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

export function DepositDialog({ address, isOpen, onOpenChange }: DepositDialogProps) {
  return (
    <WalletDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={WALLET_TEXT.deposit}
      description={`Send ETH on ${env.chainName} to this address, or bridge it from another network.`}
    >
      <div className="flex flex-col items-center gap-4">
        <AddressQrCode address={address} />
        <p className="w-full break-all rounded-2xl bg-white/5 p-3 text-center font-mono text-xs text-slate-200">
          {address}
        </p>
        <AddressBadge address={address} />
      </div>
      <a href={env.bridgeUrl} target="_blank" rel="noopener noreferrer" className={WALLET_PRIMARY_BUTTON}>
        Bridge ETH
      </a>
      <DevnetFaucetButton />
    </WalletDialog>
  );
}
