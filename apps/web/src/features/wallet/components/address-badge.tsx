import { WALLET_COPY_FEEDBACK_MS } from '@ojo/domain/constants';
import { shortenAddress } from '@ojo/domain/format/address';
import { WALLET_TEXT } from '@ojo/domain/messages';
import { CheckIcon, CopyIcon } from '@/components/ui/icons';
import { useCopyFeedback } from '@/hooks/use-copy-feedback';

/** product.md 2: 'Account address badge with the middle hidden and a copy icon (shows 'Copied!' for 2 seconds).' */
export function AddressBadge({ address }: { address: string }) {
  const { isCopied, copy } = useCopyFeedback(WALLET_COPY_FEEDBACK_MS);
  return (
    <div className="inline-flex max-w-full items-center gap-2 rounded-full border border-white/10 bg-white/5 py-1.5 pr-1.5 pl-4">
      <span className="font-mono text-sm text-slate-200" title={address} data-testid="wallet-address">
        {shortenAddress(address)}
      </span>
      <button
        type="button"
        onClick={() => copy(address)}
        aria-label="Copy address"
        className="inline-flex items-center gap-1 rounded-full px-2 py-1 text-xs font-bold text-lime hover:bg-white/10"
      >
        {isCopied ? <CheckIcon className="size-4" /> : <CopyIcon className="size-4" />}
        {isCopied ? <span role="status">{WALLET_TEXT.copied}</span> : null}
      </button>
    </div>
  );
}
